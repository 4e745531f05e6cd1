// The result list a person sees: the engine's ranked chunks grouped by file (result-groups.ts),
// conversations and notes before the runs the scheduler started, cut to the number asked for.
// Grouping and folding shrink a list and moving automated hits down empties its top, so the UI
// asks the engine for more chunks than it shows (groupingRequestSize) and cuts here.
import type { SearchResult } from './domain.js';
import { groupResults, resultsAsListed, type ResultGroup, type ResultHit, type RunOf } from './result-groups.js';

/** Where hits from automated sessions go: after the conversations (default), hidden, or in rank order. */
export type AutomatedPlacement = 'after' | 'hidden' | 'mixed';

export interface ResultLayout {
  /** Conversations and notes (every group when mixed), cut to the shown count. */
  people: ResultGroup[];
  /** Automated sessions' groups listed after the people's ('after' only), within the same cut. */
  automated: ResultGroup[];
  /** Hits from automated sessions among everything the engine returned (a folded hit counts each chunk). */
  automatedHits: number;
  /** Of those, how many are on screen. */
  automatedShown: number;
  /** Hits on screen (a merged or folded hit is one). */
  shownHits: number;
}

export interface LayoutOptions {
  isAutomated(path: string): boolean;
  /** The automated prompt a path's session ran (its runs fold into one card); undefined for the rest. */
  runOf?: RunOf;
  placement: AutomatedPlacement;
  /** How many hits to show: the panel's max results. */
  shown: number;
  /** The agent's ranking: its chunks as listed, nothing grouped, moved or cut. */
  asListed?: boolean;
}

/**
 * How many chunks to ask the engine for to fill `shown` hits after grouping: eight per hit (six
 * runs of one cron job fold into one hit), at least 50, at most the contract's 1000. Each chunk's
 * score does not depend on how many are asked for, so every shown breakdown stays the engine's.
 */
export function groupingRequestSize(shown: number): number {
  return Math.min(1000, Math.max(50, shown * 8));
}

const hitCount = (g: ResultGroup): number => g.hits.reduce((n, h) => n + 1 + h.alike.length, 0);

/** Groups in order, whole or with their first hits, until `max` hits are taken. */
function cut(groups: readonly ResultGroup[], max: number): ResultGroup[] {
  const out: ResultGroup[] = [];
  let left = max;
  for (const group of groups) {
    if (left <= 0) break;
    out.push(group.hits.length <= left ? group : { ...group, hits: group.hits.slice(0, left) });
    left -= Math.min(left, group.hits.length);
  }
  return out;
}

const hitsIn = (groups: readonly ResultGroup[]): number => groups.reduce((n, g) => n + g.hits.length, 0);

export function layoutResults(results: readonly SearchResult[], options: LayoutOptions): ResultLayout {
  const groups = options.asListed ? resultsAsListed(results) : groupResults(results, options.runOf);
  const automatedGroups = groups.filter((g) => options.isAutomated(g.path));
  const automatedHits = automatedGroups.reduce((n, g) => n + hitCount(g), 0);
  const shown = Math.max(0, options.shown);
  if (options.asListed || options.placement === 'mixed') {
    // The agent's list is shown as long as the agent gets it.
    const people = options.asListed ? groups : cut(groups, shown);
    return {
      people,
      automated: [],
      automatedHits,
      automatedShown: people.filter((g) => options.isAutomated(g.path)).reduce((n, g) => n + hitCount(g), 0),
      shownHits: hitsIn(people),
    };
  }
  const people = cut(
    groups.filter((g) => !options.isAutomated(g.path)),
    shown,
  );
  const automated = options.placement === 'after' ? cut(automatedGroups, shown - hitsIn(people)) : [];
  return {
    people,
    automated,
    automatedHits,
    automatedShown: automated.reduce((n, g) => n + hitCount(g), 0),
    shownHits: hitsIn(people) + hitsIn(automated),
  };
}

/** A hit as the list shows it: its number on screen (from 1, in screen order) and the card above it. */
export interface NumberedHit {
  hit: ResultHit;
  number: number;
  /** Listed after the conversations because an automated session holds it. */
  after: boolean;
  /** The card just above (for #1, the one just below): what its "why" sentence compares with. */
  neighbour: { hit: ResultHit; number: number; after: boolean } | null;
}

/**
 * The cards numbered as a person counts them: conversations and notes, then the automated runs
 * listed after them, 1, 2, 3… whatever the engine's ranks were (grouping, folding and moving
 * automated hits leave gaps in those). Keyed by the hit's best chunk id.
 */
export function numberShownHits(layout: Pick<ResultLayout, 'people' | 'automated'>): Map<string, NumberedHit> {
  const order = [
    ...layout.people.flatMap((g) => g.hits.map((hit) => ({ hit, after: false }))),
    ...layout.automated.flatMap((g) => g.hits.map((hit) => ({ hit, after: true }))),
  ];
  const out = new Map<string, NumberedHit>();
  order.forEach(({ hit, after }, i) => {
    const other = i === 0 ? 1 : i - 1;
    const neighbour = order[other] ? { ...order[other]!, number: other + 1 } : null;
    out.set(hit.primary.result.id, { hit, number: i + 1, after, neighbour });
  });
  return out;
}
