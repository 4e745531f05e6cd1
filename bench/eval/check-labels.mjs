#!/usr/bin/env node
// check-labels.mjs — validate the Memory Lens retrieval eval labels (no dependencies).
//
// Usage:
//   node check-labels.mjs [queries.jsonl] [workspaceDir] [--all] [--quiet]
// Defaults: ./sample-queries.jsonl next to this script, the repository's resources/sample-workspace
//   --all    print a preview of every relevant range, not just the first one
//   --quiet  only print problems and the summary
//
// For every query it checks:
//   * the line is valid JSON with id (string), query (non-empty string), relevant (non-empty array),
//     tags (non-empty string array), optional note (string); no other fields
//   * ids are unique; exactly one language tag (zh | en | mixed); tags come from the known set
//   * each relevant item is {path, line} or {path, startLine, endLine} (1-based, inclusive, start <= end)
//   * the path is workspace-relative with forward slashes, exists, is a file, is not a *.lock file
//   * the line range lies inside the file
//   * for transcripts (*.jsonl, *.jsonl.reset.*) the label is a single line {path, line} and that line is a
//     `message` record whose message.role is "user" or "assistant"
//   * (warning only) two ranges of the same query overlap in the same file
//   * `session` tag <=> at least one transcript path
//   * `relative-date` queries carry a note containing "YYYY-MM-DD..YYYY-MM-DD" (the resolved range,
//     NOW = 2026-11-06T10:00+08:00) and at least one relevant item is dated inside that range
//     (dated file name, weekly/monthly summary period, or transcript message timestamp in +08:00)
// and prints the first 100 characters of the first relevant range (for transcripts: the message text).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const pos = args.filter((a) => !a.startsWith('--'));
const queriesPath = pos[0] ?? path.join(here, 'sample-queries.jsonl');
const workspace = pos[1] ?? path.join(here, '..', '..', 'resources', 'sample-workspace');
const showAll = flags.has('--all');
const quiet = flags.has('--quiet');

const LANG_TAGS = new Set(['zh', 'en', 'mixed']);
const KIND_TAGS = new Set([
  'lexical',
  'paraphrase',
  'relative-date',
  'absolute-date',
  'multi-term-missing',
  'inflection',
  'session',
  'cross-lingual',
  'number',
  'partial-cjk',
]);
const ALLOWED_FIELDS = new Set(['id', 'query', 'relevant', 'tags', 'note']);
const TZ_OFFSET_MS = 8 * 3600 * 1000; // Asia/Shanghai

const fileCache = new Map();
function loadFile(rel) {
  if (fileCache.has(rel)) return fileCache.get(rel);
  const abs = path.join(workspace, ...rel.split('/'));
  let entry;
  try {
    const st = fs.statSync(abs);
    if (!st.isFile()) entry = { error: 'not a regular file' };
    else {
      const text = fs.readFileSync(abs, 'utf8');
      const lines = text.split('\n');
      if (lines.length && lines[lines.length - 1] === '') lines.pop(); // trailing newline
      entry = { lines: lines.map((l) => l.replace(/\r$/, '')) };
    }
  } catch (e) {
    entry = { error: e.code === 'ENOENT' ? 'file does not exist' : String(e.message) };
  }
  fileCache.set(rel, entry);
  return entry;
}

const isTranscript = (p) => !/\.lock$/.test(p) && (/\.jsonl$/.test(p) || /\.jsonl\./.test(p));

function messageText(rec) {
  const c = rec?.message?.content;
  if (typeof c === 'string') return c;
  if (!Array.isArray(c)) return '';
  const parts = [];
  for (const part of c) {
    if (part?.type === 'text' && typeof part.text === 'string') parts.push(part.text);
    else if (part?.type === 'toolCall') parts.push(`[toolCall ${part.name} ${JSON.stringify(part.arguments)}]`);
  }
  return parts.join(' ');
}

// ---- dates -----------------------------------------------------------------
const ymd = (d) => d.toISOString().slice(0, 10);
function isoWeekRange(year, week) {
  // Monday of ISO week 1 is the Monday on/before Jan 4
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const dow = (jan4.getUTCDay() + 6) % 7; // 0 = Monday
  const mon = new Date(jan4.getTime() - dow * 86400000 + (week - 1) * 7 * 86400000);
  const sun = new Date(mon.getTime() + 6 * 86400000);
  return [ymd(mon), ymd(sun)];
}
function monthRange(y, m) {
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [
    `${y}-${String(m).padStart(2, '0')}-01`,
    `${y}-${String(m).padStart(2, '0')}-${String(last).padStart(2, '0')}`,
  ];
}
// returns [from, to] (YYYY-MM-DD, local +08:00) for a relevant item, or null if undated
function itemDateRange(rel, lineNo, file) {
  if (isTranscript(rel)) {
    try {
      const rec = JSON.parse(file.lines[lineNo - 1]);
      const t = Date.parse(rec.timestamp);
      if (!Number.isNaN(t)) {
        const d = ymd(new Date(t + TZ_OFFSET_MS));
        return [d, d];
      }
    } catch {
      /* reported elsewhere */
    }
    return null;
  }
  let m = rel.match(/summaries\/weekly\/(\d{4})-w(\d{2})\.md$/);
  if (m) return isoWeekRange(+m[1], +m[2]);
  m = rel.match(/summaries\/monthly\/(\d{4})-(\d{2})\.md$/);
  if (m) return monthRange(+m[1], +m[2]);
  m = path.basename(rel).match(/^(\d{4}-\d{2}-\d{2})/);
  if (m) return [m[1], m[1]];
  return null;
}
const overlaps = (a, b) => a[0] <= b[1] && b[0] <= a[1];

// ---- main ------------------------------------------------------------------
let raw;
try {
  raw = fs.readFileSync(queriesPath, 'utf8');
} catch (e) {
  console.error(`cannot read ${queriesPath}: ${e.message}`);
  process.exit(2);
}
const qLines = raw.split('\n');
if (qLines.length && qLines[qLines.length - 1] === '') qLines.pop();

const problems = [];
const warnings = [];
const tagCounts = new Map();
const ids = new Map();
let nQueries = 0;
let nRanges = 0;

const clip = (s, n = 100) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return [...flat].length > n ? [...flat].slice(0, n).join('') + '…' : flat;
};

qLines.forEach((line, idx) => {
  const where = `queries line ${idx + 1}`;
  const err = (msg) => problems.push(`${where}${cur?.id ? ` [${cur.id}]` : ''}: ${msg}`);
  let cur = null;
  if (line.trim() === '') {
    err('empty line');
    return;
  }
  try {
    cur = JSON.parse(line);
  } catch (e) {
    err(`invalid JSON: ${e.message}`);
    return;
  }
  nQueries++;
  if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) {
    err('not a JSON object');
    return;
  }
  for (const k of Object.keys(cur)) if (!ALLOWED_FIELDS.has(k)) err(`unexpected field "${k}"`);
  if (typeof cur.id !== 'string' || !cur.id) err('missing/invalid "id"');
  else if (ids.has(cur.id)) err(`duplicate id (also on line ${ids.get(cur.id)})`);
  else ids.set(cur.id, idx + 1);
  if (typeof cur.query !== 'string' || !cur.query.trim()) err('missing/empty "query"');
  if ('note' in cur && typeof cur.note !== 'string') err('"note" must be a string');

  const tags = Array.isArray(cur.tags) ? cur.tags : null;
  if (!tags || tags.length === 0 || !tags.every((t) => typeof t === 'string'))
    err('"tags" must be a non-empty string array');
  else {
    const langs = tags.filter((t) => LANG_TAGS.has(t));
    if (langs.length !== 1) err(`needs exactly one language tag (zh|en|mixed), got [${langs}]`);
    for (const t of tags) if (!LANG_TAGS.has(t) && !KIND_TAGS.has(t)) err(`unknown tag "${t}"`);
    if (new Set(tags).size !== tags.length) err('duplicate tags');
    for (const t of new Set(tags)) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
  }

  if (!Array.isArray(cur.relevant) || cur.relevant.length === 0) {
    err('"relevant" must be a non-empty array');
    return;
  }

  const previews = [];
  const seen = new Set();
  let hasTranscript = false;
  const datedRanges = [];
  cur.relevant.forEach((r, j) => {
    const rw = `relevant[${j}]`;
    if (r === null || typeof r !== 'object') {
      err(`${rw} is not an object`);
      return;
    }
    const keys = Object.keys(r).sort().join(',');
    let start, end;
    if (keys === 'line,path') {
      start = end = r.line;
    } else if (keys === 'endLine,path,startLine') {
      start = r.startLine;
      end = r.endLine;
    } else {
      err(`${rw} must be {path,line} or {path,startLine,endLine}, got {${keys}}`);
      return;
    }
    const p = r.path;
    if (typeof p !== 'string' || !p) {
      err(`${rw} path missing`);
      return;
    }
    if (p.includes('\\') || p.startsWith('/') || p.startsWith('./') || p.split('/').includes('..')) {
      err(`${rw} path must be workspace-relative with forward slashes: ${p}`);
      return;
    }
    if (/\.lock$/.test(p)) err(`${rw} *.lock files must not be labelled: ${p}`);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start) {
      err(`${rw} bad line numbers ${start}..${end} (${p})`);
      return;
    }
    const key = `${p}:${start}-${end}`;
    if (seen.has(key)) err(`${rw} duplicate range ${key}`);
    for (const other of seen) {
      const [op, or] = [other.slice(0, other.lastIndexOf(':')), other.slice(other.lastIndexOf(':') + 1)];
      const [os, oe] = or.split('-').map(Number);
      if (op === p && other !== key && start <= oe && os <= end)
        warnings.push(`${where} [${cur.id}]: ${rw} ${key} overlaps ${other}`);
    }
    seen.add(key);
    const f = loadFile(p);
    if (f.error) {
      err(`${rw} ${p}: ${f.error}`);
      return;
    }
    if (end > f.lines.length) {
      err(`${rw} ${p}: range ${start}-${end} beyond end of file (${f.lines.length} lines)`);
      return;
    }
    nRanges++;
    const before = problems.length;
    let text;
    if (isTranscript(p)) {
      hasTranscript = true;
      if (start !== end || keys !== 'line,path')
        err(`${rw} transcript labels must be a single message line {path,line}, got ${p}:${start}-${end}`);
      const texts = [];
      for (let n = start; n <= end; n++) {
        let rec;
        try {
          rec = JSON.parse(f.lines[n - 1]);
        } catch (e) {
          err(`${rw} ${p}:${n} is not valid JSON (${e.message})`);
          continue;
        }
        if (rec?.type !== 'message') {
          err(`${rw} ${p}:${n} is a "${rec?.type}" record, not a message`);
          continue;
        }
        const role = rec?.message?.role;
        if (role !== 'user' && role !== 'assistant') {
          err(`${rw} ${p}:${n} message role is "${role}", not user/assistant`);
          continue;
        }
        texts.push(`(${role}) ${messageText(rec)}`);
      }
      text = texts.join(' | ');
    } else {
      text = f.lines.slice(start - 1, end).join(' ');
    }
    if (!text.trim() && problems.length === before) err(`${rw} ${p}:${start}-${end} is blank`);
    const dr = itemDateRange(p, start, f);
    if (dr) datedRanges.push(dr);
    previews.push(`${p}:${start === end ? start : `${start}-${end}`}  ${clip(text)}`);
  });

  if (tags) {
    if (tags.includes('session') && !hasTranscript) err('tagged "session" but no transcript path in relevant');
    if (!tags.includes('session') && hasTranscript) err('has a transcript path but is not tagged "session"');
    if (tags.includes('relative-date')) {
      const m = typeof cur.note === 'string' && cur.note.match(/(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})/);
      if (!m) err('relative-date query needs a note with the resolved range "YYYY-MM-DD..YYYY-MM-DD"');
      else if (!datedRanges.some((d) => overlaps(d, [m[1], m[2]]))) {
        err(`relative-date: no relevant item is dated inside ${m[1]}..${m[2]}`);
      }
    }
  }

  if (!quiet) {
    console.log(`${cur.id}  ${cur.query}   [${(tags ?? []).join(', ')}]`);
    const list = showAll ? previews : previews.slice(0, 1);
    for (const pv of list) console.log(`    ${pv}`);
    if (!showAll && previews.length > 1) console.log(`    (+${previews.length - 1} more)`);
  }
});

console.log('');
console.log(`queries: ${nQueries}, relevant ranges: ${nRanges}, files referenced: ${[...fileCache.keys()].length}`);
const order = [
  'zh',
  'en',
  'mixed',
  'lexical',
  'paraphrase',
  'relative-date',
  'absolute-date',
  'multi-term-missing',
  'inflection',
  'session',
  'cross-lingual',
  'number',
];
const rest = [...tagCounts.keys()].filter((t) => !order.includes(t)).sort();
console.log(
  'tags: ' +
    [...order, ...rest]
      .filter((t) => tagCounts.has(t))
      .map((t) => `${t}=${tagCounts.get(t)} (${Math.round((100 * tagCounts.get(t)) / Math.max(nQueries, 1))}%)`)
      .join(', '),
);
if (warnings.length) {
  console.log(`\n${warnings.length} warning(s):`);
  for (const w of warnings) console.log('  - ' + w);
}
if (problems.length) {
  console.log(`\n${problems.length} problem(s):`);
  for (const p of problems) console.log('  - ' + p);
  process.exit(1);
}
console.log('OK: no problems found');
