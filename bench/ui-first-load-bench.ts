// The window's first load in headless Chromium (issue 33): `memlens serve` on the sample workspace,
// one fresh browser context per load at 1440×900, until the file list is shown and the renderer
// has gone quiet. Per load: the renderer main thread's TaskDuration and ScriptDuration (CDP
// Performance.getMetrics) and the CPU time of the whole Chromium process tree; medians over --loads.
// Several --renderer-dir builds are measured in one run, their loads interleaved, so a busy machine
// weighs on each alike:
//   npm run build:node && npx tsc -p tsconfig.bench.json && \
//   node dist-bench/bench/ui-first-load-bench.js [--loads 9] [--renderer-dir DIR ...]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { percentile, round } from './bench-stats.js';
import { connectServe, spawnSampleServe } from './serve-connection.js';

const argv = process.argv.slice(2);
const loads = Number(argv[argv.indexOf('--loads') + 1] || 9) || 9;
const rendererDirs = argv.flatMap((arg, i) => (arg === '--renderer-dir' ? [path.resolve(argv[i + 1]!)] : []));
const CLOCK_TICKS_PER_S = 100;
/** The renderer is quiet when its main thread ran less than this in one QUIET_WINDOW_MS. */
const QUIET_TASK_MS = 5;
const QUIET_WINDOW_MS = 500;

/** utime+stime of every process under `rootPid` (reaped children's through cutime+cstime), in ms. */
function treeCpuMs(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited while listed
    }
    // Fields after the parenthesised command name: state ppid … utime(14) stime cutime cstime.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0);
    stats.set(Number(name), { ppid: Number(fields[1]), ticks });
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid; p > 1; p = stats.get(p)?.ppid ?? 0) if (p === rootPid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, s] of stats) if (inTree(pid)) ticks += s.ticks;
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}

interface LoadSample {
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  chromiumCpuMs: number;
}

async function loadOnce(browser: Browser, browserPid: number, url: string): Promise<LoadSample> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(list.map((m) => [m.name, m.value])) as Record<string, number>;
    };
    const before = await metrics();
    const cpuBefore = treeCpuMs(browserPid);
    await page.goto(url);
    await page.locator('[data-testid="file-item"]').first().waitFor({ timeout: 60_000 });
    // Settled: what follows the first list (a second fetch, fonts, deferred renders) is counted too.
    let last = await metrics();
    for (;;) {
      await page.waitForTimeout(QUIET_WINDOW_MS);
      const now = await metrics();
      const quiet = (now.TaskDuration! - last.TaskDuration!) * 1000 < QUIET_TASK_MS;
      last = now;
      if (quiet) break;
    }
    return {
      taskMs: (last.TaskDuration! - before.TaskDuration!) * 1000,
      scriptMs: (last.ScriptDuration! - before.ScriptDuration!) * 1000,
      layoutMs:
        (last.LayoutDuration! - before.LayoutDuration! + last.RecalcStyleDuration! - before.RecalcStyleDuration!) *
        1000,
      chromiumCpuMs: treeCpuMs(browserPid) - cpuBefore,
    };
  } finally {
    await context.close();
  }
}

function median(samples: number[]): number | null {
  return round(percentile(samples, 50), 0);
}

async function serve(rendererDir: string | undefined) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-bench-ui-'));
  const child = spawnSampleServe(home, rendererDir ? ['--renderer-dir', rendererDir] : []);
  const { url, call } = await connectServe(child);
  // Loads measure the window, not the first index run: it has finished before the first load.
  while ((await call('status', {})).result.lastSyncAt == null) await new Promise((r) => setTimeout(r, 100));
  const stop = async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(home, { recursive: true, force: true });
  };
  return { url: url.href, stop };
}

async function main(): Promise<void> {
  const builds = rendererDirs.length > 0 ? rendererDirs : [undefined];
  const served = await Promise.all(builds.map((dir) => serve(dir)));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    // Playwright's Browser does not expose its process: find Chromium among this process's children.
    const pid = chromiumPid();
    // One unmeasured load per build: the first of a browser pays for its own start-up.
    for (const s of served) await loadOnce(browser, pid, s.url);
    const samples = builds.map(() => [] as LoadSample[]);
    for (let i = 0; i < loads; i++)
      for (const [b, s] of served.entries()) samples[b]!.push(await loadOnce(browser, pid, s.url));
    for (const [b, dir] of builds.entries()) {
      const list = samples[b]!;
      const report = {
        renderer: dir ?? 'renderer-dist',
        loads: list.length,
        load: round(os.loadavg()[0]!),
        taskMs: median(list.map((s) => s.taskMs)),
        scriptMs: median(list.map((s) => s.scriptMs)),
        layoutAndStyleMs: median(list.map((s) => s.layoutMs)),
        chromiumCpuMs: median(list.map((s) => s.chromiumCpuMs)),
      };
      process.stdout.write(`${JSON.stringify(report)}\n`);
    }
  } finally {
    await browser.close();
    await Promise.all(served.map((s) => s.stop()));
  }
}

/** The Chromium browser process this script launched: a child of this process (through Playwright). */
function chromiumPid(): number {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /chrom/i.test(stat)) return Number(name);
    } catch {
      continue;
    }
  }
  throw new Error('the Chromium process was not found');
}

// npm run bench imports every *-bench.js for its sections: this one runs only as a script.
export const benchSections: [] = [];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
