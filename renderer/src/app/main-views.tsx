// The views the main area can show, in switcher order. A feature's new view is one entry here
// (an id, a label, how to render it with what app/ composes); the header's switcher, the keyboard
// and the layout pick it up.
import type { ReactNode } from 'react';
import type { SearchResult } from '../../../shared/domain';
import { AgentCallsView } from '../features/agents/components/agent-calls-view';
import { AgentIndexView } from '../features/agents/components/agent-index-view';
import { ContextView } from '../features/context/components/context-view';
import { DoctorView } from '../features/doctor/components/doctor-view';
import { EditorPane } from '../features/editor/components/editor-pane';
import { ChangeEventsColumn } from '../features/history/components/change-events-column';
import { ChangesView } from '../features/history/components/changes-view';
import { FileHistoryView } from '../features/history/components/file-history-view';
import { HistorySettingsSection } from '../features/history/components/history-settings';
import { SecretsView } from '../features/secrets/components/secrets-view';
import { SearchDefaultsForm } from '../features/search/components/search-defaults-form';
import { SettingsView } from '../features/settings/components/settings-view';
import { EndpointRetryNotice } from '../features/status/components/endpoint-retry-notice';
import { TimelineView } from '../features/timeline/components/timeline-view';
import { useApi, useApp, useAppStoreApi } from './app-store-provider';
import { AgentReplayResult } from './agent-replay-result';
import { EditorHeaderExtras } from './editor-header-extras';

/** What app/ hands every view: navigation and the facts views share. */
export interface MainViewContext {
  openPath(path: string): void;
  /** A file at one line (the Context view's dropped lines). */
  openAt(path: string, line?: number): void;
  /** A file or transcript at a range of lines (the Agent view's cited lines). */
  openRange(path: string, startLine?: number, endLine?: number): void;
  openResult(result: SearchResult): void;
  hitPaths: ReadonlySet<string>;
  keywordOnly: boolean;
  /** Transcripts' titles by path (their first user message), as the sidebar names them. */
  sessionTitles: ReadonlyMap<string, string>;
}

export interface MainViewSpec {
  id: string;
  label: string;
  /** Tooltip of the view's switcher button (the switcher itself shows app's `views.<id>` words). */
  title?: string;
  render(ctx: MainViewContext): ReactNode;
}

export const MAIN_VIEWS: readonly MainViewSpec[] = [
  {
    id: 'editor',
    label: 'Editor',
    render: (ctx) => <EditorMainView openPath={ctx.openPath} sessionTitles={ctx.sessionTitles} />,
  },
  { id: 'timeline', label: 'Timeline', render: (ctx) => <TimelineWithChanges ctx={ctx} /> },
  {
    id: 'history',
    label: 'History',
    title: "The open file's versions and who made each change",
    render: (ctx) => <HistoryMainView ctx={ctx} />,
  },
  {
    id: 'changes',
    label: 'What changed',
    title: 'Every change to memory since a time, by who made it',
    render: (ctx) => <ChangesMainView ctx={ctx} />,
  },
  {
    id: 'context',
    label: 'Context',
    title: 'What the agent sees at session start',
    render: (ctx) => <ContextView onOpen={ctx.openAt} />,
  },
  {
    id: 'doctor',
    label: 'Doctor',
    render: (ctx) => <DoctorView onOpen={ctx.openRange} />,
  },
  {
    id: 'agent',
    label: 'Agent',
    title:
      "What your agent searched in its memory and why; its own index and transcripts (OpenClaw's agent database, read-only)",
    render: (ctx) => <AgentMainView ctx={ctx} />,
  },
  {
    id: 'secrets',
    label: 'Secrets',
    title: 'Keys and passwords found in memory and transcripts, with fixes',
    render: (ctx) => <SecretsMainView ctx={ctx} />,
  },
  {
    id: 'settings',
    label: 'Settings',
    render: (ctx) => <SettingsMainView keywordOnly={ctx.keywordOnly} />,
  },
];

/** The Agent view: the agent's memory calls (health on top), then its own index and transcripts. */
function AgentMainView({ ctx }: { ctx: MainViewContext }) {
  return (
    <div className="agent-main" data-testid="agent-main">
      <AgentCallsView
        onOpen={ctx.openRange}
        renderResult={(result, rank) => (
          <AgentReplayResult
            key={result.id}
            result={result}
            rank={rank}
            onOpen={ctx.openResult}
            sessionTitles={ctx.sessionTitles}
          />
        )}
      />
      <AgentIndexView onOpen={ctx.openPath} />
    </div>
  );
}

/** The Settings view follows index progress itself, so progress re-renders it alone, not the window. */
function SettingsMainView({ keywordOnly }: { keywordOnly: boolean }) {
  const indexProgress = useApp((s) => s.status.progress);
  const api = useApi();
  return (
    <SettingsView
      searchDefaults={<SearchDefaultsForm keywordOnly={keywordOnly} />}
      indexProgress={indexProgress}
      endpointRetry={<EndpointRetryNotice />}
    >
      <HistorySettingsSection api={api} />
    </SettingsView>
  );
}

/** The history of the file the editor has open (a transcript has none). */
function HistoryMainView({ ctx }: { ctx: MainViewContext }) {
  const api = useApi();
  const path = useApp((s) =>
    s.editor.doc && s.editor.doc.view === 'text' ? s.editor.doc.path : (s.files.activePath ?? null),
  );
  return (
    <FileHistoryView
      api={api}
      path={path && !path.startsWith('sessions/') ? path : null}
      onOpenTranscript={ctx.openAt}
    />
  );
}

function SecretsMainView({ ctx }: { ctx: MainViewContext }) {
  const api = useApi();
  return <SecretsView api={api} onOpenAt={ctx.openAt} />;
}

function ChangesMainView({ ctx }: { ctx: MainViewContext }) {
  const api = useApi();
  return <ChangesView api={api} onOpenPath={ctx.openPath} onOpenTranscript={ctx.openAt} />;
}

function TimelineWithChanges({ ctx }: { ctx: MainViewContext }) {
  const api = useApi();
  const store = useAppStoreApi();
  const openHistory = (path: string) => {
    const s = store.getState();
    s.setActivePath(path);
    void s.openDocument(path);
    s.setView('history');
  };
  return (
    <TimelineView
      onOpen={ctx.openPath}
      hitPaths={ctx.hitPaths}
      beside={<ChangeEventsColumn api={api} onOpenHistory={openHistory} />}
    />
  );
}

/** The editor, with a transcript titled as the sidebar titles it. */
function EditorMainView({
  openPath,
  sessionTitles,
}: {
  openPath: (path: string) => void;
  sessionTitles: ReadonlyMap<string, string>;
}) {
  const transcriptPath = useApp((s) => (s.editor.doc?.view === 'transcript' ? s.editor.doc.path : null));
  const transcriptTitle = transcriptPath === null ? undefined : sessionTitles.get(transcriptPath);
  return (
    <EditorPane
      headerExtras={<EditorHeaderExtras />}
      onOpenPath={openPath}
      {...(transcriptTitle ? { transcriptTitle } : {})}
    />
  );
}
