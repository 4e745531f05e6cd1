// The agent's own index in the editor's gutter: when a memory file is open, its chunks in the
// agent database (importance, triggers, project, origin) become notes at each chunk's first line.
// app/ composes the two features: agents/ reads the database, editor/ draws the gutter.
import type { AgentIndexChunk } from '../../../shared/agent-db-schemas';
import type { LineNote } from '../features/editor/components/line-notes-extension';
import type { AppStore } from './create-app-store';

export function agentChunkNote(chunk: AgentIndexChunk): LineNote | null {
  const bits: string[] = [];
  const title: string[] = [`In agent ${chunk.agentId}'s index: lines ${chunk.startLine}–${chunk.endLine}`];
  if (chunk.importance !== null) {
    bits.push(`★${chunk.importance}`);
    title.push(`importance ${chunk.importance} (1–10)`);
  }
  if (chunk.project) {
    bits.push(chunk.project);
    title.push(`project ${chunk.project}`);
  }
  if (chunk.triggers.length > 0) {
    bits.push(`⚑${chunk.triggers.length}`);
    title.push(`triggers: ${chunk.triggers.join(', ')}`);
  }
  if (chunk.origin)
    title.push(
      `origin ${chunk.origin}${chunk.sessionKind && chunk.sessionKind !== 'unknown' ? ` (${chunk.sessionKind})` : ''}`,
    );
  if (bits.length === 0) bits.push('·');
  return { line: chunk.startLine, label: bits.join(' '), title: title.join(' · ') };
}

export function connectAgentGutter(store: AppStore): () => void {
  let lastPath: string | null = null;
  let lastReport: unknown = null;
  return store.subscribe((state) => {
    const doc = state.editor.doc;
    const path = doc && doc.view === 'text' && !doc.path.startsWith('sessions/') ? doc.path : null;
    if (path !== lastPath || state.agents.report !== lastReport) {
      lastPath = path;
      lastReport = state.agents.report;
      void state.loadAgentChunks(path);
    }
    const chunks = state.agents.chunks;
    const wanted = chunks && chunks.path === path ? chunks : null;
    const shown = state.lineNotes;
    if (!wanted) {
      if (shown !== null) state.setLineNotes(null);
      return;
    }
    if (shown?.path === wanted.path && shown.source === wanted) return;
    state.setLineNotes({
      path: wanted.path,
      notes: wanted.chunks.flatMap((c) => agentChunkNote(c) ?? []),
      source: wanted,
    });
  });
}
