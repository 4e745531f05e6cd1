// A file dated on the asked day (its path, its frontmatter) is a memory *from* that day; a file
// that writes the date once in its text only mentions it. Both are boosted, the dated one more,
// and the breakdown says which evidence each had. Real files → real engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../engine.js';
import { openTempEngine, type TempEngine } from '../test-support/temp-engine.js';

let fx: TempEngine;
let engine: MemoryEngine;

const NOW = Date.parse('2026-11-06T10:00:00+08:00');

beforeAll(async () => {
  fx = await openTempEngine('date-evidence', {
    'MEMORY.md': '# Memory\n\nDashboard 在 3000 端口。\n',
    'memory/daily/2026-04-16.md': '# 4月16日\n\n上午 Dashboard 故障：页面打不开，数据库连接池满了，重启服务后恢复。\n',
    'memory/incidents/pool.md': '---\ndate: 2026-04-16\n---\n# 连接池\n\nDashboard 连接池上限从 10 调到 50。\n',
    'memory/active-tasks.md':
      '# Active tasks\n\n- Dashboard 故障复盘（2026-04-16 那次），Dashboard 故障告警接到手机\n- 周报模板更新\n',
    ...Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        `memory/topics/t${i}.md`,
        `# Topic ${i}\n\nLunch, weather and books, note ${i}.\n`,
      ]),
    ),
  });
  engine = fx.engine;
});

afterAll(async () => {
  await fx?.dispose();
});

describe('date evidence ranks a memory from the day above one that mentions it', () => {
  it('4月16号 Dashboard 出了什么故障？ puts the daily note of 2026-04-16 above active-tasks.md', async () => {
    const response = await engine.search({
      query: '4月16号 Dashboard 出了什么故障？',
      minScore: 0,
      now: NOW,
      timeZoneOffsetMinutes: 480,
    });
    const paths = response.results.map((r) => r.path);
    const daily = paths.indexOf('memory/daily/2026-04-16.md');
    const tasks = paths.indexOf('memory/active-tasks.md');
    expect(daily).toBeGreaterThanOrEqual(0);
    expect(tasks).toBeGreaterThanOrEqual(0);
    expect(daily).toBeLessThan(tasks);
    const byPath = new Map(response.results.map((r) => [r.path, r.breakdown.dates]));
    expect(byPath.get('memory/daily/2026-04-16.md')?.match?.evidence).toBe('file-date');
    expect(byPath.get('memory/active-tasks.md')?.match).toMatchObject({ evidence: 'text', written: '2026-04-16' });
    // Both boosted, the file's own date more.
    expect(byPath.get('memory/active-tasks.md')!.multiplier).toBeGreaterThan(1);
    expect(byPath.get('memory/daily/2026-04-16.md')!.multiplier).toBeGreaterThan(
      byPath.get('memory/active-tasks.md')!.multiplier,
    );
  });

  it('a file dated by its frontmatter counts as from that day too', async () => {
    const response = await engine.search({
      query: '4月16号 连接池',
      minScore: 0,
      now: NOW,
      timeZoneOffsetMinutes: 480,
    });
    const pool = response.results.find((r) => r.path === 'memory/incidents/pool.md');
    expect(pool?.breakdown.dates?.match?.evidence).toBe('file-date');
  });
});
