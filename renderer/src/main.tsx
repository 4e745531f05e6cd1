import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { getApiClient } from './api/client';
import { App } from './app/app';
import { AppStoreProvider } from './app/app-store-provider';
import { connectApiEvents, loadInitialData } from './app/connect-api-events';
import { connectBootstrapBudget } from './app/connect-bootstrap-budget';
import { connectAgentGutter } from './app/connect-agent-gutter';
import { createAppStore } from './app/create-app-store';
import { exposeBenchHooks } from './app/bench-hooks';
import { applyLanguage, createWindowI18n } from './lib/i18n';
import './app/styles/theme.css';
import './app/styles/layout.css';
import './app/styles/features.css';
import './app/styles/budget.css';
import './app/styles/agent.css';
import './app/styles/agent-calls.css';
import './app/styles/history.css';
import './app/styles/doctor.css';
import './app/styles/secrets.css';

const api = getApiClient();
const i18n = createWindowI18n();
const store = createAppStore(api, { applyLanguage: (language) => applyLanguage(i18n, language) });
connectApiEvents(api, store, i18n.t);
connectBootstrapBudget(api, store);
connectAgentGutter(store);
void loadInitialData(api, store);
// Only a bench build (`vite build --mode bench`) carries the hooks: Vite replaces MODE with a
// constant, so a production bundle drops this branch and the whole bench-hooks module.
if (import.meta.env.MODE === 'bench') exposeBenchHooks(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <AppStoreProvider store={store} api={api}>
        <App />
      </AppStoreProvider>
    </I18nextProvider>
  </StrictMode>,
);
