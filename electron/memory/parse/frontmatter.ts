// YAML frontmatter: only a block that opens with `---` on line 1 and closes with `---` or `...`.
// Malformed YAML is reported, never thrown, so one bad file cannot stop an index run.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { ChecksumStatus } from '../../../shared/domain.js';
import { sha256 } from '../text/hash.js';

// Loaded on the first block, not with the module: a search over an unchanged index parses none,
// and the package costs ~28 ms of every CLI run to load (docs/performance.md).
const require = createRequire(import.meta.url);
function parseYaml(text: string, options: Yaml.DocumentOptions & Yaml.ParseOptions & Yaml.ToJSOptions): unknown {
  return (require('yaml') as typeof Yaml).parse(text, options);
}

export interface FrontmatterResult {
  /** Parsed mapping; null when there is no block or it is not valid YAML mapping. */
  data: Record<string, unknown> | null;
  /** 0 if there is no block; else the 1-based line of the closing fence. */
  endLine: number;
  /** Everything after the closing fence line, exactly as stored (the whole text when no block). */
  body: string;
  /** Present when the frontmatter declares `checksum`: sha256 of `body`, compared, never fixed. */
  checksum?: ChecksumStatus;
  error?: string;
}

const OPEN_FENCE = /^\uFEFF?---[ \t]*\r?$/;
const CLOSE_FENCE = /^(?:---|\.\.\.)[ \t]*\r?$/;

export function parseFrontmatter(text: string): FrontmatterResult {
  const firstBreak = text.indexOf('\n');
  const firstLine = firstBreak === -1 ? text : text.slice(0, firstBreak);
  if (!OPEN_FENCE.test(firstLine) || firstBreak === -1) return { data: null, endLine: 0, body: text };

  let lineNo = 1;
  let pos = firstBreak + 1;
  while (pos <= text.length) {
    const next = text.indexOf('\n', pos);
    const line = next === -1 ? text.slice(pos) : text.slice(pos, next);
    lineNo += 1;
    if (CLOSE_FENCE.test(line)) {
      const yamlText = text.slice(firstBreak + 1, pos);
      const body = next === -1 ? '' : text.slice(next + 1);
      return { ...parseBlock(yamlText, body), endLine: lineNo, body };
    }
    if (next === -1) break;
    pos = next + 1;
  }
  // An opening fence that never closes is body text, as in every Markdown renderer.
  return { data: null, endLine: 0, body: text };
}

function parseBlock(yamlText: string, body: string): Pick<FrontmatterResult, 'data' | 'checksum' | 'error'> {
  let parsed: unknown;
  try {
    // Warnings go to the process's stderr otherwise: a template's `date: {{date}}` would print one on every index run.
    parsed = yamlText.trim() === '' ? {} : parseYaml(yamlText, { logLevel: 'error' });
  } catch (error) {
    return { data: null, error: `Invalid YAML frontmatter: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (parsed === null || parsed === undefined) parsed = {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { data: null, error: 'Frontmatter is not a YAML mapping (key: value pairs).' };
  }
  const data = parsed as Record<string, unknown>;
  const result: Pick<FrontmatterResult, 'data' | 'checksum' | 'error'> = { data };
  if (data.checksum !== undefined && data.checksum !== null) {
    result.checksum = verifyChecksum(String(data.checksum), body);
  }
  return result;
}

/** Declared `sha256:<hex>` or `<hex>` against the sha256 of the body. */
export function verifyChecksum(declared: string, body: string): ChecksumStatus {
  const actual = sha256(body);
  const normalized = declared
    .trim()
    .toLowerCase()
    .replace(/^sha256:/, '')
    .trim();
  return { declared, actual, ok: normalized === actual };
}
