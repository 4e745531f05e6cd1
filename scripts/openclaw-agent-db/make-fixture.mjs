// Builds e2e/fixtures/openclaw-2026.9/ with OpenClaw's OWN code: a sandbox state folder gets the
// workspaces and legacy JSONL sessions of fixture-inputs.mjs, then OpenClaw's doctor imports them
// into each agent's openclaw-agent.sqlite and `openclaw memory index` builds the agent's index.
//   OPENCLAW_DIR=/path/to/node_modules/openclaw OPENCLAW_NODE=/path/to/node24 \
//     node scripts/openclaw-agent-db/make-fixture.mjs
// OpenClaw is a fixture tool only (Node ≥ 24.16, ~800 MB): never a dependency of the app.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AFTER_INDEX, DELETED_ARCHIVE, RESET_ARCHIVE, SESSIONS, WORKSPACES } from './fixture-inputs.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(here, '../../e2e/fixtures/openclaw-2026.9');
const ocDir = process.env.OPENCLAW_DIR;
const node = process.env.OPENCLAW_NODE;
if (!ocDir || !node)
  throw new Error('Set OPENCLAW_DIR (the openclaw package folder) and OPENCLAW_NODE (a Node ≥ 24.16 binary)');
const version = JSON.parse(fs.readFileSync(path.join(ocDir, 'package.json'), 'utf8')).version;

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'memlens-oc-fixture-'));
const state = path.join(home, '.openclaw');
const workspaceOf = (agent) => path.join(state, agent === 'main' ? 'workspace' : `workspace-${agent}`);
const config = {
  memory: { search: { provider: 'none' } },
  agents: {
    entries: Object.fromEntries(
      Object.keys(WORKSPACES).map((agent) => [
        agent,
        {
          workspace: `~/.openclaw/${path.basename(workspaceOf(agent))}`,
          ...(agent === 'main' ? { default: true } : {}),
        },
      ]),
    ),
  },
};
write(path.join(state, 'openclaw.json'), JSON.stringify(config, null, 2) + '\n');
for (const [agent, files] of Object.entries(WORKSPACES)) {
  for (const [rel, text] of Object.entries(files)) write(path.join(workspaceOf(agent), rel), text);
}
const jsonl = (records) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
for (const [agent, sessions] of Object.entries(SESSIONS)) {
  const dir = path.join(state, 'agents', agent, 'sessions');
  const store = {};
  for (const s of sessions) {
    write(path.join(dir, `${s.id}.jsonl`), jsonl(s.records));
    const last = s.records.at(-1);
    store[s.key] = {
      sessionId: s.id,
      updatedAt: Date.parse(last.timestamp),
      sessionFile: `${s.id}.jsonl`,
      ...(s.chatType ? { chatType: s.chatType } : {}),
      ...(s.channel ? { channel: s.channel } : {}),
    };
  }
  if (agent === RESET_ARCHIVE.agent)
    write(path.join(dir, `${RESET_ARCHIVE.id}.jsonl${RESET_ARCHIVE.suffix}`), jsonl(RESET_ARCHIVE.records));
  write(path.join(dir, 'sessions.json'), JSON.stringify(store, null, 2));
}

const env = {
  ...process.env,
  HOME: home,
  OPENCLAW_HOME: home,
  PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`,
  NO_COLOR: '1',
};
const openclaw = (...args) => {
  const out = execFileSync(node, [path.join(ocDir, 'openclaw.mjs'), ...args], {
    env,
    cwd: home,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.stdout.write(out);
  return out;
};
for (const agent of Object.keys(SESSIONS))
  openclaw('doctor', '--session-sqlite', 'import', '--session-sqlite-agent', agent);
openclaw('memory', 'index', '--force');
// OpenClaw writes archive rows only through a running gateway's delete/reset; this row is the
// same row, its blob made by OpenClaw's own archive encoder (artifacts module, zstd).
for (const [agent, change] of Object.entries(AFTER_INDEX)) {
  for (const [rel, text] of Object.entries(change.write)) write(path.join(workspaceOf(agent), rel), text);
  for (const rel of change.remove) fs.rmSync(path.join(workspaceOf(agent), rel));
}
insertDeletedArchive(path.join(state, 'agents', DELETED_ARCHIVE.agent, 'agent', 'openclaw-agent.sqlite'));

// Copy out what a user's state folder holds, checkpointed so each database is one file.
fs.rmSync(OUT, { recursive: true, force: true });
write(path.join(OUT, 'openclaw.json'), JSON.stringify(config, null, 2) + '\n');
for (const agent of Object.keys(WORKSPACES)) {
  fs.cpSync(workspaceOf(agent), path.join(OUT, path.basename(workspaceOf(agent))), { recursive: true });
  const db = path.join(state, 'agents', agent, 'agent', 'openclaw-agent.sqlite');
  checkpointAndCheck(db);
  write(path.join(OUT, 'agents', agent, 'agent', 'openclaw-agent.sqlite'), fs.readFileSync(db));
  // Whatever OpenClaw left in sessions/ (archives it keeps as files) stays, as on a user's disk.
  const sessions = path.join(state, 'agents', agent, 'sessions');
  if (fs.existsSync(sessions)) fs.cpSync(sessions, path.join(OUT, 'agents', agent, 'sessions'), { recursive: true });
}
// One session also as a legacy JSONL file: a user who copied the old file back must see it once.
const dup = SESSIONS.main[2];
write(path.join(OUT, 'agents', 'main', 'sessions', `${dup.id}.jsonl`), jsonl(dup.records));
write(
  path.join(OUT, 'MANIFEST.json'),
  JSON.stringify({ openclaw: version, madeBy: 'scripts/openclaw-agent-db/make-fixture.mjs' }, null, 2) + '\n',
);
if (!process.env.KEEP_SANDBOX) fs.rmSync(home, { recursive: true, force: true });
else console.log(`sandbox kept: ${home}`);
console.log(`fixture written to ${OUT} by OpenClaw ${version}`);

function insertDeletedArchive(db) {
  const artifacts = fs
    .readdirSync(path.join(ocDir, 'dist'))
    .find(
      (name) =>
        /^artifacts-[\w-]+\.mjs$/.test(name) &&
        fs.readFileSync(path.join(ocDir, 'dist', name), 'utf8').includes('function encodeSessionArchiveContent'),
    );
  if (!artifacts) throw new Error('OpenClaw archive encoder not found in dist/');
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const crypto = require('node:crypto');
    const [dbPath, modulePath, id, key, content, createdAt] = process.argv.slice(1);
    import(modulePath).then((m) => {
      const encode = m._; // encodeSessionArchiveContent
      const encoded = encode(content);
      if (encoded.suffix !== '.zst') throw new Error('OpenClaw did not zstd-encode the archive');
      const db = new DatabaseSync(dbPath);
      const name = id + '.jsonl.deleted.' + m.n(Number(createdAt)) + encoded.suffix;
      db.prepare('INSERT INTO session_transcript_archives (session_id, generation, session_key, reason, encoding, archive_blob, archive_sha256, archive_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(id, id, key, 'deleted', 'zstd', encoded.bytes, crypto.createHash('sha256').update(encoded.bytes).digest('hex'), name, Number(createdAt));
      db.close();
    });`;
  const createdAt = Date.parse(DELETED_ARCHIVE.records.at(-1).timestamp) + 60_000;
  execFileSync(
    node,
    [
      '-e',
      script,
      db,
      pathToFileURL(path.join(ocDir, 'dist', artifacts)).href,
      DELETED_ARCHIVE.id,
      DELETED_ARCHIVE.key,
      jsonl(DELETED_ARCHIVE.records),
      String(createdAt),
    ],
    { env, stdio: 'inherit' },
  );
}

function write(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

/** Folds the WAL into the main file with OpenClaw's Node (node:sqlite) and refuses a fixture holding credentials. */
function checkpointAndCheck(db) {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(process.argv[1]);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type='table' AND name LIKE 'auth_profile_%'").all();
    for (const { name } of tables) {
      const n = db.prepare('SELECT count(*) AS n FROM "' + name + '"').get().n;
      if (n !== 0) { console.error(name + ' has ' + n + ' rows'); process.exit(3); }
    }
    db.close();`;
  execFileSync(node, ['-e', script, db], { env, stdio: 'inherit' });
}
