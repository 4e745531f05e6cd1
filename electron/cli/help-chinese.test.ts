// memlens --help and every command's help with --lang zh-CN (or MEMLENS_LANG): in Chinese, with
// every flag the English help names and the same defaults; English stays the default.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands.js';
import { captureIo } from './test-support/capture-io.js';
import { runCli } from './main.js';

async function help(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> {
  const { io, out } = captureIo('/nonexistent-home', env);
  const code = await runCli(argv, io);
  return { code, out: out.join('') };
}

/** Names kept as they are in Chinese: products, protocols, tools and formats. */
const KEPT =
  /Model Context Protocol|Claude Desktop|LM Studio|Memory Lens|OpenClaw|OpenAI|Ollama|Markdown|WordNet|SQLite|Git|SSH|Bearer|Ctrl-C|memlens|slug|shell|stdin|stdout|stderr|stdio/g;

/** Commands, values and JSON fields a user types or reads as they are. */
const TYPED = new Set(
  `${COMMANDS.map((c) => c.name).join(' ')} help purge-secret current none on off yesterday memory sessions memory-lens openclaw feedback thesaurus dictionary pivot per-file total query document nomic-embed-text session-memory en zh-CN`.split(
    ' ',
  ),
);

/**
 * English words left in the help once what stays as typed is set aside: flags, placeholders (FILE,
 * QUERY), quoted text, paths, JSON and code (anything with punctuation in it), kept names and typed values.
 */
function left(text: string): string[] {
  return text
    .replace(/"[^"\n]*"/g, ' ')
    .replace(KEPT, ' ')
    .split(/[\s\u3000-\u303f\u4e00-\u9fff\uff00-\uffef、“”—]+/)
    .filter((token) => /[A-Za-z]{2,}/.test(token))
    .filter((token) => !/^-|[/.:=<>$@_{}[\]()"'`·|,+×&?*#…]/.test(token))
    .filter((token) => !/^[A-Z0-9-]+$/.test(token) && !TYPED.has(token));
}

const flags = (text: string) => new Set(text.match(/--[a-z][a-z-]*/g));

describe('memlens help in Simplified Chinese', () => {
  it('memlens --help --lang zh-CN lists every command with a Chinese summary; English by default', async () => {
    const zh = await help(['--help', '--lang', 'zh-CN']);
    expect(zh.code).toBe(0);
    const lines = zh.out.split('\n');
    expect(lines[0]).toBe('memlens — 浏览、搜索并解释智能体的 Markdown 记忆（OpenClaw 布局）');
    expect(lines).toContain('用法：memlens COMMAND [选项]');
    for (const command of COMMANDS) {
      const line = lines.find((l) => l.startsWith(`  ${command.name} `))!;
      expect(line, command.name).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(zh.out).toContain('  --lang LOCALE        给人看的输出所用的语言');
    expect(left(zh.out)).toEqual([]);

    const en = await help(['--help']);
    expect(en.out.split('\n')[0]).toBe(
      "memlens — browse, search and explain an agent's Markdown memory (OpenClaw layout)",
    );
    expect(en.out).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await help(['--help'], { MEMLENS_LANG: 'zh-CN' })).out).toBe(zh.out);
  });

  it.each(COMMANDS.map((c) => [c.name]))(
    'memlens help %s --lang zh-CN: in Chinese, every flag of the English help, defaults filled in',
    async (name) => {
      const zh = await help(['help', name, '--lang', 'zh-CN']);
      const en = await help(['help', name]);
      expect(zh.code).toBe(0);
      expect(zh.out).toMatch(/^用法：memlens /);
      expect(zh.out).not.toContain('{{');
      expect([...flags(zh.out)].sort()).toEqual([...flags(en.out)].sort());
      // The numbers the English help gives (defaults, limits, examples) are all there too.
      expect(new Set(zh.out.match(/\b\d+(?:\.\d+)?\b/g))).toEqual(new Set(en.out.match(/\b\d+(?:\.\d+)?\b/g)));
      expect(left(zh.out)).toEqual([]);
      // `NAME --help` says the same, with --lang or MEMLENS_LANG.
      expect((await help([name, '--help', '--lang', 'zh-CN'])).out).toBe(zh.out);
      expect((await help([name, '--help'], { MEMLENS_LANG: 'zh-CN' })).out).toBe(zh.out);
    },
  );
});
