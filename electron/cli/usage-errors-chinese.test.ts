// Every command's own checks on its arguments, with --lang zh-CN: each is said in Chinese, with only
// what the user typed or would type (flags, paths, values, placeholders) left in ASCII letters.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCaptured } from './test-support/capture-io.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../shared/fixtures/secrets-workspace');

let tmp: string;
let workspace: string;
/** A transcript's secret (`PATH:LINE`) with its label; the MEMORY.md line holding two keys; every label. */
let transcriptSecret: string[];
let twoKeysLine: number;
let labels: string[];

/** Words a user types that a Chinese message keeps: command names, flag values, placeholders' kin. */
const TYPED =
  /\b(?:memlens|search|eval|get|context|doctor|history|purge-secret|save-session|secrets|on|off|current|yesterday|memory-lens|memory|sessions|openclaw|feedback|thesaurus|dictionary|pivot|per-file|total|id|query|relevant|JSON|ISO)\b/g;

/** English words left once flags, quoted values, paths, placeholders (QUERY, FILE) and typed words are set aside. */
function englishWords(line: string, typed: readonly string[]): string[] {
  let stripped = line;
  for (const word of typed) stripped = stripped.replaceAll(word, ' ');
  stripped = stripped
    .replace(/'[^']*'|"[^"]*"|“[^”]*”/g, ' ')
    .replace(/--[\w-]+(=\S*)?/g, ' ')
    .replace(/\S*[/.:=]\S*/g, ' ')
    .replace(/\b[A-Z][A-Z0-9_-]*\b/g, ' ')
    .replace(TYPED, ' ');
  return stripped.match(/[A-Za-z]{2,}/g) ?? [];
}

function file(name: string, text: string): string {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, text);
  return p;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-usage-zh-'));
  workspace = path.join(tmp, 'workspace');
  fs.cpSync(FIXTURE, workspace, { recursive: true });
  const memory = path.join(workspace, 'MEMORY.md');
  fs.appendFileSync(memory, '- two keys: tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS tvly-dev-4hQ8rT2wLm6Vx9Zb1NPK\n');
  twoKeysLine = fs.readFileSync(memory, 'utf8').trimEnd().split('\n').length;
  file('good.jsonl', '{"id":"a","query":"router","relevant":[{"path":"MEMORY.md","line":1}]}\n');
  file('not-json.jsonl', 'nope\n');
  file('invalid.jsonl', '{"id":"a","query":"router"}\n');
  const relevant = '"relevant":[{"path":"MEMORY.md","line":1}]';
  file('duplicate.jsonl', `{"id":"a","query":"x",${relevant}}\n{"id":"a","query":"y",${relevant}}\n`);
  file('empty.jsonl', '\n');
  const list = await runCaptured(tmp, ['secrets', '--json', '--workspace', workspace, '--data-dir', dataDir()]);
  const { secrets } = JSON.parse(list.stdout) as {
    secrets: { path: string; line: number; label: string; fixable: boolean }[];
  };
  const secret = secrets.find((s) => !s.fixable)!;
  transcriptSecret = [`${secret.path}:${secret.line}`, '--label', secret.label];
  labels = secrets.map((s) => s.label);
});

const dataDir = () => path.join(tmp, 'data');
const at = (name: string) => path.join(tmp, name);
const line = (n: number) => `MEMORY.md:${n}`;

/** [the message's `cli:usage` key, the command line that trips it]. */
const CASES: readonly [string, () => string[]][] = [
  ['workspaceMissing', () => ['search', 'x', '--workspace', at('nowhere')]],
  ['workspaceNotFolder', () => ['search', 'x', '--workspace', at('good.jsonl')]],
  ['workspaceMissing (status)', () => ['status', '--workspace', at('nowhere')]],
  ['sessionsNotFolder', () => ['search', 'x', '--sessions', at('nowhere')]],
  [
    'modelAndEmbedder',
    () => ['search', 'x', '--model', 'm', '--embedder', 'http://127.0.0.1:9', '--embedder-model', 'e'],
  ],
  ['integer', () => ['search', 'x', '--max-results', '0']],
  ['number', () => ['search', 'x', '--min-score', '2']],
  ['numberOf', () => ['search', 'x', '--decay=-1']],
  ['numberOf (mmr)', () => ['search', 'x', '--mmr=7']],
  ['needsEmbedder', () => ['search', 'x', '--embedder-model', 'e']],
  ['embedderModel', () => ['search', 'x', '--embedder', 'http://127.0.0.1:9']],
  [
    'inputType',
    () => ['search', 'x', '--embedder', 'http://127.0.0.1:9', '--embedder-model', 'e', '--embedder-input-type', 'q'],
  ],
  [
    'inputField',
    () => ['search', 'x', '--embedder', 'http://127.0.0.1:9', '--embedder-model', 'e', '--embedder-input-field', 'f'],
  ],
  [
    'embedderTimeout',
    () => ['search', 'x', '--embedder', 'http://127.0.0.1:9', '--embedder-model', 'e', '--embedder-timeout', '0'],
  ],
  [
    'keyEnv',
    () => ['search', 'x', '--embedder', 'http://127.0.0.1:9', '--embedder-model', 'e', '--embedder-key-env', '1X'],
  ],
  ['expandEmpty', () => ['search', 'x', '--expand', ',']],
  ['expandUnknown', () => ['search', 'x', '--expand', 'telepathy']],
  ['sourcesUnknown', () => ['search', 'x', '--sources', 'dreams']],
  ['sourcesEmpty', () => ['search', 'x', '--sources', ',']],
  ['dates', () => ['search', 'x', '--dates', 'maybe']],
  ['profile', () => ['search', 'x', '--profile', 'agent']],
  ['date', () => ['search', 'x', '--from', '2026-13-45']],
  ['now', () => ['search', 'x', '--now', 'soon']],
  ['queryAndQueries', () => ['search', 'x', '--queries', at('good.jsonl')]],
  ['searchNeedsQuery', () => ['search']],
  ['cannotReadQueries', () => ['search', '--queries', at('missing.jsonl')]],
  ['evalPositionals', () => ['eval', 'x']],
  ['evalNeedsQueries', () => ['eval']],
  ['cannotReadQueries (eval)', () => ['eval', '--queries', at('missing.jsonl')]],
  ['evalLineNotJson', () => ['eval', '--queries', at('not-json.jsonl')]],
  ['evalLineInvalid', () => ['eval', '--queries', at('invalid.jsonl')]],
  ['evalDuplicateId', () => ['eval', '--queries', at('duplicate.jsonl')]],
  ['evalNoQueries', () => ['eval', '--queries', at('empty.jsonl')]],
  ['integer (eval)', () => ['eval', '--queries', at('good.jsonl'), '--failures=-1']],
  ['ambiguousValue', () => ['eval', '--queries', at('good.jsonl'), '--failures', '-1']],
  ['compareEmpty', () => ['eval', '--queries', at('good.jsonl'), '--compare', ' ']],
  ['compare', () => ['eval', '--queries', at('good.jsonl'), '--compare', 'telepathy=1']],
  ['removeAndReplace', () => ['secrets', '--remove', line(3), '--replace', line(3)]],
  ['secretTarget', () => ['secrets', '--remove', 'MEMORY.md']],
  ['noSecretAt', () => ['secrets', '--remove', line(1)]],
  ['noSecretWithLabel', () => ['secrets', '--remove', line(3), '--label', 'nope']],
  ['manySecrets', () => ['secrets', '--remove', line(twoKeysLine)]],
  ['secretInTranscript', () => ['secrets', '--remove', ...transcriptSecret]],
  ['getOnePath', () => ['get']],
  ['integer (get)', () => ['get', 'MEMORY.md', '--from', '0']],
  ['sinceUnread (agent-searches)', () => ['agent-searches', '--since', 'soon']],
  ['integer (limit)', () => ['agent-searches', '--limit', '0']],
  ['pathRequired', () => ['history']],
  ['versionRequired', () => ['diff', 'MEMORY.md']],
  ['versionOrCurrent', () => ['diff', 'MEMORY.md', '--from', 'x']],
  ['versionNumber', () => ['restore', 'MEMORY.md', '--version', 'x']],
  ['sinceUnread', () => ['changes', '--since', 'xyzzy']],
  ['purgeSecret', () => ['history', 'purge-secret']],
  ['saveSessionOneFile', () => ['save-session']],
  ['messagesMax', () => ['save-session', at('good.jsonl'), '--messages', '501']],
  ['port', () => ['serve', '--port', '70000']],
  ['noPositionals', () => ['doctor', 'x']],
  ['noPositionals (context)', () => ['context', 'x']],
  ['limits', () => ['context', '--limits', 'all']],
  ['openclawVersion', () => ['context', '--openclaw-version', '1.0']],
  ['notBootstrap', () => ['context', '--show', 'NOTES.md']],
];

describe('memlens --lang zh-CN words every command-specific usage error in Chinese', () => {
  it.each(CASES)('%s', async (key, argv) => {
    // The defaults come first, so a case's own --workspace (the last one given) wins.
    const [name, ...rest] = argv();
    const command = [name!, '--workspace', workspace, '--data-dir', dataDir(), ...rest];
    const zh = await runCaptured(tmp, [...command, '--lang', 'zh-CN']);
    const en = await runCaptured(tmp, command);
    const json = await runCaptured(tmp, [...command, '--json', '--lang', 'zh-CN']);
    expect(zh.code, zh.stderr).toBe(2);
    const lines = zh.stderr.trimEnd().split('\n');
    const hint = lines.pop();
    const said = lines.join('\n');
    expect(said).toMatch(/^memlens [\w-]+: /);
    expect(said).toMatch(/[\u4e00-\u9fff]/);
    expect(englishWords(said, labels), said).toEqual([]);
    expect(hint).toMatch(/^运行 "memlens help [\w-]+" 查看用法。$/);
    // English stays the default, and --json keeps the English message with its id.
    expect(en.stderr.split('\n')[0], en.stderr).toMatch(/[A-Za-z]{2,} [a-z]{2,}/);
    expect(en.stderr).not.toMatch(/[\u4e00-\u9fff]/);
    const error = (JSON.parse(json.stdout) as { error: { message: string; messageId: string } }).error;
    expect(error.messageId).toBe(`cli:usage.${key.split(' ')[0]}`);
    expect(`memlens ${name}: ${error.message}\n`).toBe(en.stderr.slice(0, en.stderr.lastIndexOf('Run "memlens help')));
  });
});

describe('a --workspace that does not exist', () => {
  it('is refused before anything is created for it: no data folder, no index, no workspace folder', async () => {
    const fresh = at('fresh-data');
    for (const argv of [['search', 'x'], ['status'], ['index']]) {
      const run = await runCaptured(tmp, [
        ...argv,
        '--workspace',
        at('nowhere'),
        '--data-dir',
        fresh,
        '--lang',
        'zh-CN',
      ]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.split('\n')[0]).toBe(`memlens ${argv[0]}: 工作区 ${at('nowhere')} 不存在`);
    }
    expect(fs.existsSync(fresh)).toBe(false);
    expect(fs.existsSync(at('nowhere'))).toBe(false);
  });
});
