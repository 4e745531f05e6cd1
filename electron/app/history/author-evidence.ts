// Who made a change, best evidence first, each saying how it knows: the app's own save (recorded
// when it happened), an agent's write/edit/exec tool call on the path in a transcript within the
// change's time window, dreaming (DREAMS.md), a git commit holding exactly these bytes — else
// "outside the app".
import type { Author } from '../../../shared/history-schemas.js';
import { englishText, type MessageParams } from '../../../shared/i18n.js';
import { sha256 } from '../../memory/text/hash.js';
import type { AgentWriteIndex } from './agent-write-index.js';
import type { AgentWrite } from './agent-writes.js';
import { dreamingEvidence, type DreamsFile } from './dreaming-evidence.js';
import type { GitEvidence } from './git-evidence.js';
import type { StoredVersion } from './history-store.js';

/** A call whose content is in the version may be stamped this long after the change was seen (the record is written after the tool ran). */
const AFTER_SLACK_MS = 5_000;
/** File systems stamp mtimes coarsely (1–2 s on some); a call this close to a version's mtime may belong to either side. */
const MTIME_GRANULARITY_MS = 1_000;
/** A file first seen by the app: how far back its change may lie (the app was closed meanwhile). */
const FIRST_SEEN_LOOKBACK_MS = 24 * 3_600_000;
/** A write call whose content is exactly the version counts this far from the window. */
const EXACT_MATCH_REACH_MS = 24 * 3_600_000;

export interface ChangeContext {
  version: StoredVersion;
  previous: StoredVersion | null;
  bytes: Buffer | null;
  text: string | null;
  previousText: string | null;
  addedLines: readonly string[];
}

export interface AuthorSources {
  agentWrites: AgentWriteIndex;
  dreams: () => Promise<DreamsFile | null>;
  git: GitEvidence;
}

/** A message of the history namespace by key, as authors carry it. */
type Said = { key: string; params?: MessageParams };

/**
 * An author worded by message ids: its English label and how filled in for the API and CLI, the ids
 * for the UI. `how` may be a sentence of its own (a recorded author's), kept as it is.
 */
export function author(
  kind: Author['kind'],
  label: Said,
  how: Said | string,
  extra: Omit<Partial<Author>, 'kind' | 'label' | 'how'> = {},
): Author {
  const ref = (s: Said) => ({ messageId: `history:author.${s.key}`, ...(s.params ? { params: s.params } : {}) });
  const labelRef = ref(label);
  const howRef = typeof how === 'string' ? null : ref(how);
  return {
    kind,
    label: englishText(labelRef),
    how: howRef ? englishText(howRef) : (how as string),
    ...labelRef,
    ...(howRef ? { howId: howRef.messageId, ...(howRef.params ? { howParams: howRef.params } : {}) } : {}),
    ...extra,
  };
}

export const YOU_IN_APP: Author = author('you', { key: 'you' }, { key: 'how.saved' });

export async function authorsOf(change: ChangeContext, sources: AuthorSources): Promise<Author[]> {
  const found: Author[] = [];
  const { version } = change;
  if (version.recordedAuthor) found.push(version.recordedAuthor);
  const agent = bestAgentWrite(change, await sources.agentWrites.writesTo(version.path));
  if (agent) found.push(agentAuthor(agent.write, agent.how));
  if (version.kind !== 'save') {
    const dreaming = dreamingEvidence(
      { mtimeMs: version.mtimeMs, time: version.time, addedLines: change.addedLines },
      await sources.dreams(),
      await sources.agentWrites.dreamingRuns(),
    );
    if (dreaming) found.push(author('dreaming', { key: 'dreaming' }, dreaming));
  }
  if (change.bytes) {
    const commit = await sources.git.commitOf(version.path, change.bytes);
    if (commit) {
      const sha = commit.sha.slice(0, 7);
      const time = new Date(commit.time).toISOString().slice(0, 16).replace('T', ' ');
      found.push(
        author(
          'git',
          { key: 'git', params: { sha, author: commit.author } },
          { key: 'how.git', params: { sha, time } },
          { commit },
        ),
      );
    }
  }
  if (found.length === 0) {
    found.push(
      author('outside', { key: version.kind === 'baseline' ? 'outsideBefore' : 'outside' }, { key: 'how.outside' }),
    );
  }
  return found;
}

function agentAuthor(write: AgentWrite & { title: string }, how: Said): Author {
  return author('agent', { key: 'agent', params: { title: write.title, time: clock(write.time) } }, how, {
    agent: {
      session: write.session,
      sessionTitle: write.title,
      line: write.line,
      time: write.time,
      tool: write.tool,
      userLine: write.userLine,
      userText: write.userText,
    },
  });
}

/**
 * The tool call that best explains the change: one whose content is exactly the version, then an
 * edit whose new text is in it, then any call on the path — inside the window from the previous
 * version to just after the change; nearest to the change's time wins a tie.
 */
export function bestAgentWrite(
  change: ChangeContext,
  writes: readonly (AgentWrite & { title: string })[],
): { write: AgentWrite & { title: string }; how: Said } | null {
  const { version, previous } = change;
  const at = version.mtimeMs ?? version.time;
  const from = previous
    ? Math.min(previous.time, previous.mtimeMs ?? previous.time) - MTIME_GRANULARITY_MS
    : at - FIRST_SEEN_LOOKBACK_MS;
  // The change happened no later than both its mtime and the moment it was seen.
  const to = Math.min(version.time, at) + AFTER_SLACK_MS;
  let best: { write: AgentWrite & { title: string }; score: number; how: Said } | null = null;
  for (const write of writes) {
    const inWindow = write.time >= from && write.time <= to;
    const { score, how } = matchScore(write, change);
    // A call that only names the file cannot have caused a change made before it.
    if (score === 1 && write.time > at) continue;
    if (!(inWindow ? score > 0 : score === 3 && Math.abs(write.time - at) <= EXACT_MATCH_REACH_MS)) continue;
    if (
      !best ||
      score > best.score ||
      (score === best.score && Math.abs(write.time - at) < Math.abs(best.write.time - at))
    )
      best = { write, score, how };
  }
  return best ? { write: best.write, how: best.how } : null;
}

function matchScore(write: AgentWrite, change: ChangeContext): { score: number; how: Said } {
  const params = { tool: write.tool, line: write.line };
  if (write.content !== undefined && change.version.hash && sha256(write.content) === change.version.hash) {
    return { score: 3, how: { key: 'how.agentExact', params } };
  }
  if (
    write.edits &&
    change.text !== null &&
    write.edits.every((e) => change.text!.includes(e.newText)) &&
    write.edits.some((e) => change.previousText === null || change.previousText.includes(e.oldText))
  ) {
    return { score: 2, how: { key: 'how.agentReplaced', params } };
  }
  if (write.content !== undefined && change.text !== null && change.text.includes(write.content.trim())) {
    return { score: 2, how: { key: 'how.agentWrote', params } };
  }
  return { score: 1, how: { key: 'how.agentNames', params } };
}

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
