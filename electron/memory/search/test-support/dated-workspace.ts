// Test support (imported only by *.test.ts): a workspace of 30 daily notes (2026-02-03 … 2026-03-04)
// with, on every one of those days, a cron run and a heartbeat turn that OpenClaw's scheduler
// left — the shape that buried the day's note behind cron runs in issue 32. Written to disk so
// the real engine syncs it (sessions under agents/main/sessions, their kind read from the messages).
// 5 February also has what ranks between the day's note and its cron runs: a note named for the
// day and its subject, a log whose dated headings name it, the week's summary, a conversation
// with a person, and a note that only mentions the day.
import fs from 'node:fs';
import path from 'node:path';
import { addDays } from '../../../../shared/query-dates.js';
import { openTempEngine, type TempEngine } from './temp-engine.js';

export const DATED_FIRST_DAY = '2026-02-03';
export const DATED_DAYS = 30;
/** Thursday 5 March 2026, 10:00 in UTC+8: 前天 is 3 March, 上周二 24 February. */
export const DATED_NOW = Date.parse('2026-03-05T10:00:00+08:00');
export const DATED_ZONE = 480;

export const CRON_JOB_NAME = 'Wise Support Email Check';

const TOPICS = [
  'Fixed the NAS backup script; the nightly job now keeps seven snapshots.',
  '和赵婷对 HG-2 PVT 排期，试产批次推迟一周。',
  'Drafted the pilot report for 川讯 and sent it to Priya.',
  '恒泰外壳公差复测，0.15mm 以内通过。',
  'Moved the blog to the new host; DNS switched at noon.',
  '轻笔记项目定稿：封面用蓝色方案，目录改为三级。',
];

function sessionLines(id: string, startMs: number, turns: { role: 'user' | 'assistant'; text: string }[]): string {
  const lines: unknown[] = [
    { type: 'session', version: 3, id, timestamp: new Date(startMs).toISOString(), cwd: '~/.openclaw/workspace' },
  ];
  let parent: string | null = null;
  turns.forEach((turn, n) => {
    const t = startMs + (n + 1) * 20_000;
    const rid = `${id.slice(0, 6)}${n.toString(16).padStart(4, '0')}`;
    lines.push({
      type: 'message',
      id: rid,
      parentId: parent,
      timestamp: new Date(t).toISOString(),
      message: { role: turn.role, content: [{ type: 'text', text: turn.text }], timestamp: t },
    });
    parent = rid;
  });
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

/** The ISO day of each note, first to last. */
export function datedDays(): string[] {
  return Array.from({ length: DATED_DAYS }, (_, i) => addDays(DATED_FIRST_DAY, i));
}

/** The memories of 5 February besides its daily note and automated runs, by the tier each should rank in. */
export const FEB5_TIERS = {
  datedNote: 'memory/2026-02-05-vendor-call.md',
  headingLog: 'memory/projects/hg2-log.md',
  weekly: 'memory/summaries/weekly/2026-w06.md',
  /** As the index names it (agents/main/sessions/<id>.jsonl on disk). */
  conversation: 'sessions/main/p0000001-0000-4000-8000-000000000000.jsonl',
  mention: 'memory/projects/launch-plan.md',
};

function writeFeb5Extras(dir: string, sessions: string): void {
  fs.mkdirSync(path.join(dir, 'memory', 'projects'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'memory', 'summaries', 'weekly'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, FEB5_TIERS.datedNote),
    '# Vendor call\n\n恒泰 confirmed the enclosure tooling; samples ship next week.\n',
  );
  // Dated headings: a year left out is the file's (its mtime, 2026), so 2月6日 is 6 Feb 2026.
  fs.writeFileSync(
    path.join(dir, FEB5_TIERS.headingLog),
    [
      '# HG-2 log',
      '',
      '## 2026-02-04',
      '',
      '- Gerber files frozen.',
      '',
      '## 2026-02-05',
      '',
      '- EVT boards powered up; two of ten fail the USB check.',
      '',
      '## 2月6日',
      '',
      '- USB 问题定位到 ESD 器件。',
      '',
      '## Feb 9',
      '',
      '- Rework plan sent to the factory.',
      '',
    ].join('\n'),
  );
  fs.utimesSync(
    path.join(dir, FEB5_TIERS.headingLog),
    new Date('2026-03-01T00:00:00Z'),
    new Date('2026-03-01T00:00:00Z'),
  );
  fs.writeFileSync(
    path.join(dir, FEB5_TIERS.weekly),
    '# Week 6\n\nEVT bring-up, vendor tooling confirmed, blog moved.\n',
  );
  fs.writeFileSync(
    path.join(dir, FEB5_TIERS.mention),
    '# Launch plan\n\nThe review of 2026-02-05 moved the launch to April.\n',
  );
  const start = Date.parse('2026-02-05T07:00:00Z'); // 15:00 in UTC+8
  fs.writeFileSync(
    path.join(sessions, path.basename(FEB5_TIERS.conversation)),
    sessionLines('p0000001-0000-4000-8000-000000000000', start, [
      { role: 'user', text: '帮我记一下：EVT 板子两块 USB 不过，明天查 ESD。' },
      { role: 'assistant', text: '记下了，明天先查 ESD 器件。' },
    ]),
  );
}

/** Writes the notes and sessions into `dir` (the workspace folder, created if missing). */
export function writeDatedWorkspace(dir: string): void {
  const sessions = path.join(dir, 'agents', 'main', 'sessions');
  fs.mkdirSync(path.join(dir, 'memory'), { recursive: true });
  fs.mkdirSync(sessions, { recursive: true });
  // Character pairs of the questions below (了什, 做了) in an undated note: found only through a fragment.
  fs.writeFileSync(
    path.join(dir, 'MEMORY.md'),
    '# Memory\n\nWise transfers take two working days.\n\n问了什么就记什么；做了决定要写下原因。\n',
  );
  writeFeb5Extras(dir, sessions);
  datedDays().forEach((day, i) => {
    fs.writeFileSync(
      path.join(dir, 'memory', `${day}.md`),
      `# ${day}\n\n- ${TOPICS[i % TOPICS.length]!}\n- Note ${i + 1} of the month.\n`,
    );
    // 09:00 and 12:00 in UTC+8 that day.
    const morning = Date.parse(`${day}T01:00:00Z`);
    const cronId = `c${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;
    fs.writeFileSync(
      path.join(sessions, `${cronId}.jsonl`),
      sessionLines(cronId, morning, [
        {
          role: 'user',
          text: `[cron:df444ebe ${CRON_JOB_NAME}] Check the Wise support inbox for replies about the transfer and summarise what we did about it on ${day}.\nCurrent time: ${new Date(morning).toISOString()}`,
        },
        { role: 'assistant', text: `No new replies from Wise support on ${day}. 今天没有什么新邮件。` },
      ]),
    );
    const beatId = `h${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;
    fs.writeFileSync(
      path.join(sessions, `${beatId}.jsonl`),
      sessionLines(beatId, morning + 3 * 3_600_000, [
        {
          role: 'user',
          text: 'Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.',
        },
        { role: 'assistant', text: 'HEARTBEAT_OK' },
      ]),
    );
  });
}

/** The fixture written to a temp folder and synced by a keyword-only engine; `dispose` closes and removes both. */
export function openDatedEngine(): Promise<TempEngine> {
  return openTempEngine('dated', writeDatedWorkspace);
}
