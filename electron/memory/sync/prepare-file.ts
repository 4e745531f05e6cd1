// Bytes of one discovered file → what the index stores for it: its WorkspaceFile (kind, date,
// frontmatter facts) and its chunks. Pure apart from the inputs; no I/O, no database.
import type { WorkspaceFile } from '../../../shared/domain.js';
import { chunkLines, chunkSession } from '../chunk/chunker.js';
import { dateChunksByHeadings, datedSections } from '../chunk/heading-dates.js';
import { periodEnd } from '../search/core/date-boost.js';
import type { Chunk, ChunkOptions } from '../chunk/chunker.js';
import { maskSecrets } from '../../../shared/secrets.js';
import { segmentChunkTexts } from '../index/segment-chunks.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { parseSessionJsonl } from '../parse/session-jsonl.js';
import { sessionAutomation } from '../parse/session-kind.js';
import { sessionTitle } from '../parse/session-title.js';
import { plainTitle } from '../../../shared/message-display.js';
import { classifyFile } from '../workspace/classify.js';
import type { DiscoveredFile } from '../workspace/discover.js';

export interface PreparedFile {
  file: WorkspaceFile;
  chunks: Chunk[];
  /** Sessions: JSONL lines skipped as malformed. */
  malformedLines: number | null;
  /** Frontmatter `title`, else the first heading (sessions: the first user message): what the timeline and sidebar show. */
  title: string | null;
  /**
   * FTS text of each chunk, when segmented ahead of the write (the bulk-sync worker does); else the
   * file writer segments the chunks itself, with the same function.
   */
  ftsTexts?: string[];
}

/** Non-fatal decoder: invalid UTF-8 becomes U+FFFD rather than failing the file; a BOM is dropped. */
const decoder = new TextDecoder('utf-8');

export function prepareFile(
  discovered: DiscoveredFile,
  bytes: Uint8Array,
  chunking?: Partial<ChunkOptions>,
): PreparedFile {
  const text = decoder.decode(bytes);
  const stat = { size: discovered.size, mtimeMs: discovered.mtimeMs };
  if (discovered.source === 'sessions') {
    const parsed = parseSessionJsonl(text);
    const { evergreen: _evergreen, ...classified } = classifyFile(discovered, {
      frontmatter: null,
      firstRecordTimestamp: parsed.firstTimestamp,
    });
    const file: WorkspaceFile = {
      ...classified,
      ...stat,
      sessionKind:
        discovered.agentDb?.recordedKind ?? discovered.recordedKind ?? sessionAutomation(parsed.messages).kind,
    };
    return {
      file,
      chunks: chunkSession(parsed, chunking),
      malformedLines: parsed.malformed,
      title: maskTitle(sessionTitle(parsed.messages)),
    };
  }
  const frontmatter = parseFrontmatter(text);
  const { evergreen: _evergreen, ...classified } = classifyFile(discovered, { frontmatter: frontmatter.data });
  const file: WorkspaceFile = { ...classified, ...stat };
  if (frontmatter.checksum) file.checksum = frontmatter.checksum;
  const title =
    typeof frontmatter.data?.title === 'string' ? frontmatter.data.title.trim() : firstHeading(frontmatter.body);
  // A year a heading leaves out is the file's: its own date when it has one, else when it was saved.
  const reference =
    file.date && file.date.source !== 'mtime' ? Date.parse(`${periodEnd(file.date)}T12:00:00Z`) : stat.mtimeMs;
  const chunks = dateChunksByHeadings(
    chunkMarkdownBody(text, frontmatter.endLine, chunking),
    datedSections(text, reference),
  );
  return {
    file,
    chunks,
    malformedLines: null,
    title: maskTitle(title || null),
  };
}

/** The index keeps titles like chunk text: with secrets masked (the first user message may hold one). */
export function maskTitle(title: string | null): string | null {
  return title === null ? null : maskSecrets(title);
}

/** prepareFile plus the FTS segmentation of its chunks: everything but the write, for the worker. */
export function prepareForIndex(
  discovered: DiscoveredFile,
  bytes: Uint8Array,
  chunking?: Partial<ChunkOptions>,
): PreparedFile {
  const prepared = prepareFile(discovered, bytes, chunking);
  prepared.ftsTexts = segmentChunkTexts(prepared.chunks.map((chunk) => chunk.text));
  return prepared;
}

/**
 * chunk/chunker.ts's chunkMarkdown, given the frontmatter end we already have: chunkMarkdown
 * parses the YAML again, and YAML parsing was a fifth of cold-index time. prepare-file.test.ts
 * checks that both give the same chunks.
 */
function chunkMarkdownBody(text: string, frontmatterEndLine: number, chunking?: Partial<ChunkOptions>): Chunk[] {
  const lines = text.split('\n');
  const inputs = [];
  for (let i = frontmatterEndLine; i < lines.length; i++) {
    inputs.push({ text: i === 0 ? lines[i]!.replace(/^\uFEFF/, '') : lines[i]!, line: i + 1 });
  }
  return chunkLines(inputs, chunking);
}

const HEADING = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m;

/** The first ATX heading within the first few KB (a title sits at the top, if anywhere). */
function firstHeading(body: string): string | null {
  const heading = HEADING.exec(body.slice(0, 4096))?.[1];
  return heading === undefined ? null : plainTitle(heading);
}

/** What the file list shows for a file that could not be read: discovery's facts only. */
export function unreadableFile(discovered: DiscoveredFile): WorkspaceFile {
  const { evergreen: _evergreen, ...classified } = classifyFile(discovered, { frontmatter: null });
  return { ...classified, size: discovered.size, mtimeMs: discovered.mtimeMs };
}
