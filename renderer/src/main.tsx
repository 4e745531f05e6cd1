import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getApiClient } from './api/client';
import { App } from './app/app';
import { AppStoreProvider } from './app/app-store-provider';
import { connectApiEvents, loadInitialData } from './app/connect-api-events';
import { connectBootstrapBudget } from './app/connect-bootstrap-budget';
import { connectAgentGutter } from './app/connect-agent-gutter';
import { createAppStore } from './app/create-app-store';
import { exposeBenchHooks } from './app/bench-hooks';
import './app/styles/theme.css';
import './app/styles/layout.css';
import './app/styles/features.css';
import './app/styles/budget.css';
import './app/styles/agent.css';

const api = getApiClient();
const store = createAppStore(api);
connectApiEvents(api, store);
connectBootstrapBudget(api, store);
connectAgentGutter(store);
void loadInitialData(api, store);
// Only a bench build (`vite build --mode bench`) carries the hooks: Vite replaces MODE with a
// constant, so a production bundle drops this branch and the whole bench-hooks module.
if (import.meta.env.MODE === 'bench') exposeBenchHooks(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppStoreProvider store={store} api={api}>
      <App />
    </AppStoreProvider>
  </StrictMode>,
);
