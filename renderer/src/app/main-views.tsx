// The views the main area can show, in switcher order. A feature's new view is one entry here
// (an id, a label, how to render it with what app/ composes); the header's switcher, the keyboard
// and the layout pick it up.
import type { ReactNode } from 'react';
import type { SearchResult } from '../../../shared/domain';
import { AgentIndexView } from '../features/agents/components/agent-index-view';
import { ContextView } from '../features/context/components/context-view';
import { EditorPane } from '../features/editor/components/editor-pane';
import { SearchDefaultsForm } from '../features/search/components/search-defaults-form';
import { SettingsView } from '../features/settings/components/settings-view';
import { TimelineView } from '../features/timeline/components/timeline-view';
import { useApp } from './app-store-provider';
import { EditorHeaderExtras } from './editor-header-extras';

/** What app/ hands every view: navigation and the facts views share. */
export interface MainViewContext {
  openPath(path: string): void;
  /** A file at one line (the Context view's dropped lines). */
  openAt(path: string, line?: number): void;
  openResult(result: SearchResult): void;
  hitPaths: ReadonlySet<string>;
  keywordOnly: boolean;
  /** Transcripts' titles by path (their first user message), as the sidebar names them. */
  sessionTitles: ReadonlyMap<string, string>;
}

export interface MainViewSpec {
  id: string;
  label: string;
  /** Tooltip of the view's switcher button. */
  title?: string;
  render(ctx: MainViewContext): ReactNode;
}

export const MAIN_VIEWS: readonly MainViewSpec[] = [
  { id: 'editor', label: 'Editor', render: (ctx) => <EditorMainView openPath={ctx.openPath} sessionTitles={ctx.sessionTitles} /> },
  { id: 'timeline', label: 'Timeline', render: (ctx) => <TimelineView onOpen={ctx.openPath} hitPaths={ctx.hitPaths} /> },
  { id: 'context', label: 'Context', title: 'What the agent sees at session start', render: (ctx) => <ContextView onOpen={ctx.openAt} /> },
  { id: 'agent', label: 'Agent', title: "Your agent's own index and transcripts (OpenClaw's agent database, read-only)", render: (ctx) => <AgentIndexView onOpen={ctx.openPath} /> },
  {
    id: 'settings',
    label: 'Settings',
    render: (ctx) => <SettingsMainView keywordOnly={ctx.keywordOnly} />,
  },
];

/** The Settings view follows index progress itself, so progress re-renders it alone, not the window. */
function SettingsMainView({ keywordOnly }: { keywordOnly: boolean }) {
  const indexProgress = useApp((s) => s.status.progress);
  return <SettingsView searchDefaults={<SearchDefaultsForm keywordOnly={keywordOnly} />} indexProgress={indexProgress} />;
}

/** The editor, with a transcript titled as the sidebar titles it. */
function EditorMainView({ openPath, sessionTitles }: { openPath: (path: string) => void; sessionTitles: ReadonlyMap<string, string> }) {
  const transcriptPath = useApp((s) => (s.editor.doc?.view === 'transcript' ? s.editor.doc.path : null));
  const transcriptTitle = transcriptPath === null ? undefined : sessionTitles.get(transcriptPath);
  return <EditorPane headerExtras={<EditorHeaderExtras />} onOpenPath={openPath} {...(transcriptTitle ? { transcriptTitle } : {})} />;
}
