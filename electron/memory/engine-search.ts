// The engine's two search pipelines over one workspace — ours (search/run) over our index, and the
// `openclaw` profile over OpenClaw's chunks of the same files — and the masking every answer gets.
import path from 'node:path';
import type { ExplainFileResult, SearchOptions, SearchResponse } from '../../shared/domain.js';
import type { ModeReason } from '../../shared/mode-reasons.js';
import { findQueryDates } from '../../shared/query-dates.js';
import { AgentStoredVectors } from './agent-db/agent-vectors.js';
import type { AgentDatabases } from './agent-db/agent-databases.js';
import type { EngineEmbedder } from './engine-embedder.js';
import type { EngineOptions } from './engine-types.js';
import type { IndexDb } from './index/index-db.js';
import type { IndexLifecycle } from './index-lifecycle/index-lifecycle.js';
import { OpenClawRanker } from './openclaw-rank/openclaw-ranker.js';
import { createSearchContext, emptySearchResponse, type SearchContextInput } from './search-context.js';
import { explainFile } from './search/run/explain-file.js';
import {
  runRankedSearch,
  runSearch,
  type RankedCandidate,
  type RankedSearch,
  type SearchContext,
} from './search/run/run-search.js';
import { refreshKeptPostings } from './search/sqlite/bm25-union.js';
import type { IndexSession } from './search/sqlite/index-session.js';
import { ExpansionResources } from './search/sqlite/query-expansion/lexical-expansion.js';
import { revealSearchResponse, SnippetMasker } from './secrets/search-secrets.js';

export interface EngineSearchParts {
  workspaceDir: string;
  lifecycle: IndexLifecycle;
  embedder: EngineEmbedder;
  agentDbs: AgentDatabases;
  options: Pick<EngineOptions, 'embedder' | 'accessStats' | 'dataDir' | 'dictionary'>;
  /** Lines of a file as it is now, for `showSecrets` (null when it cannot be read). */
  readLines(path: string, from: number, count: number): Promise<string | null>;
}

/**
 * What the warm-up searches for: a Chinese and an English word, so that segmentation, the
 * dictionary both ways and the keyword statements are all met once. Its answer is thrown away.
 */
const WARM_QUERY = '记忆 memory';

export class EngineSearch {
  /** The `openclaw` search profile: OpenClaw's chunks of the same files, kept beside our index. */
  private readonly openclawRanker: OpenClawRanker;
  /** The thesaurus and CC-CEDICT, opened on the first search that expands (and built once, in the background, if missing). */
  private readonly expansion: ExpansionResources;
  private readonly masker = new SnippetMasker();
  /** The warm-up under way (warmUp), stopped between two of its steps by close(). */
  private warming: Promise<void> | null = null;
  /** The refresh after a write under way (refreshAfterWrite), and whether another write came meanwhile. */
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  /** Searches under way: the warm-up and the refresh wait for them, rather than run between their steps. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly parts: EngineSearchParts) {
    const { dataDir, dictionary } = parts.options;
    this.expansion = new ExpansionResources({
      buildDir: dictionary?.buildDir ?? path.join(dataDir, 'dictionaries'),
      ...(dictionary?.bundled !== undefined ? { bundled: dictionary.bundled } : {}),
    });
    this.openclawRanker = new OpenClawRanker(parts.workspaceDir, {
      embedder: () => parts.embedder.usable,
      agentVectors: new AgentStoredVectors(parts.agentDbs),
      noEmbedderReason: () => this.modeReason(),
    });
  }

  search(options: SearchOptions): Promise<SearchResponse> {
    return this.inForeground(this.searchNow(options));
  }

  private async searchNow(options: SearchOptions): Promise<SearchResponse> {
    const response =
      options.profile === 'openclaw'
        ? await this.openclawRanker.search(options)
        : await this.parts.lifecycle.reads.search(
            (index, session) => runSearch(this.context(index, session), options),
            () => emptySearchResponse(this.parts.embedder.usable, this.modeReason()),
          );
    // Masked even from our own index: a snippet can hold text the index never saw (OpenClaw's chunks).
    const masked = this.masker.mask(response);
    return options.showSecrets ? revealSearchResponse(masked, this.parts.readLines) : masked;
  }

  /** Our pipeline's answer and the candidates it ranked, from one run (the `openclaw` profile has no trace). */
  rankedSearch(options: Omit<SearchOptions, 'profile'>, depth: number): Promise<RankedSearch> {
    return this.inForeground(this.rankedSearchNow(options, depth));
  }

  private async rankedSearchNow(options: Omit<SearchOptions, 'profile'>, depth: number): Promise<RankedSearch> {
    let candidates: RankedCandidate[] = [];
    const response = await this.parts.lifecycle.reads.search(
      async (index, session) => {
        const ranked = await runRankedSearch(this.context(index, session), options, depth);
        candidates = ranked.candidates;
        return ranked.response;
      },
      () => {
        candidates = [];
        return emptySearchResponse(this.parts.embedder.usable, this.modeReason());
      },
    );
    // The candidates carry no text; the response is masked as every search's is.
    const masked = this.masker.mask(response);
    return {
      response: options.showSecrets ? await revealSearchResponse(masked, this.parts.readLines) : masked,
      candidates,
    };
  }

  explainFile(filePath: string, options: SearchOptions): Promise<ExplainFileResult> {
    return this.parts.lifecycle.reads.readAsync((index, session) =>
      explainFile(this.context(index, session), filePath, options),
    );
  }

  async expansionReady(): Promise<void> {
    await this.expansion.dictionaryReady();
  }

  /**
   * Opens what a first search would otherwise open inside itself — the dictionary and its
   * statements, the date parser's patterns, the keyword statements and chunk lengths — one step
   * per turn of the event loop, so a request that arrives meanwhile runs between two steps.
   * Resolves true once warm, false when the engine closed first.
   */
  warmUp(): Promise<boolean> {
    this.warming ??= this.warm();
    return this.warming.then(() => !this.closed);
  }

  private async warm(): Promise<void> {
    const steps = [
      () => {
        const found = this.expansion.dictionary();
        if (found.state === 'ready') {
          found.store.english('记忆', 1);
          found.store.chinese('memory', 1);
        }
      },
      // The date parser compiles its patterns on its first query, English and Chinese apart.
      () => findQueryDates('what did I do last Friday', Date.now(), 0),
      () => findQueryDates('上周五做了什么', Date.now(), 0),
      // Keyword only: the warm-up never asks the model (an endpoint's would be a request).
      () =>
        this.parts.lifecycle.reads.search(
          (index, session) =>
            runSearch(this.context(index, session, { keywordOnly: true }), { query: WARM_QUERY, maxResults: 1 }),
          () => emptySearchResponse(null, this.modeReason()),
        ),
    ];
    for (const step of steps) {
      await this.backgroundTurn();
      if (this.closed) return;
      try {
        await step();
      } catch {
        // A damaged or busy index: the user's first search meets it and says so.
      }
    }
  }

  /**
   * The index changed: the last searches' words are read again from it, one word per turn of the
   * event loop, so the next search does not read them inside itself. Resolves when done.
   */
  refreshAfterWrite(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    const run = async (): Promise<void> => {
      do {
        this.refreshAgain = false;
        for (;;) {
          await this.backgroundTurn();
          if (this.closed) return;
          let more = false;
          try {
            more = await this.parts.lifecycle.reads.readAsync(async (_index, session) => refreshKeptPostings(session));
          } catch {
            // A damaged or swapped index: the next search meets it and says so.
          }
          if (!more) break;
        }
      } while (this.refreshAgain && !this.closed);
    };
    this.refreshing = run().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private inForeground<T>(search: Promise<T>): Promise<T> {
    this.inFlight.add(search);
    const settled = (): void => {
      this.inFlight.delete(search);
    };
    search.then(settled, settled);
    return search;
  }

  /** The next turn of the event loop with no search under way: background steps go there. */
  private async backgroundTurn(): Promise<void> {
    do {
      await Promise.allSettled(this.inFlight);
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.inFlight.size > 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.warming;
    await this.refreshing;
    this.openclawRanker.close();
    await this.expansion.close();
  }

  private context(index: IndexDb, session: IndexSession, how: { keywordOnly?: boolean } = {}): SearchContext {
    const { embedder, accessStats } = this.parts.options;
    const input: SearchContextInput = {
      index,
      session,
      embedder: how.keywordOnly ? null : this.parts.embedder.usable,
      modeReason: this.modeReason(),
      expansion: this.expansion,
    };
    if (embedder?.queryTimeoutMs !== undefined) input.queryTimeoutMs = embedder.queryTimeoutMs;
    if (accessStats) input.accessStats = accessStats;
    return createSearchContext(input);
  }

  private modeReason(): ModeReason {
    return this.parts.embedder.modeReason(this.parts.lifecycle.staleReason);
  }
}
