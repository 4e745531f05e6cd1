// A stand-in for the OpenClaw gateway's writer, in its own process: appends transcript events to
// an agent database in WAL mode with busy_timeout 0, so any lock a reader held would surface as
// SQLITE_BUSY. Usage: node event-writer.mjs DB SESSION_ID COUNT WORD INTERVAL_MS
// Prints one JSON line per event ({seq} or {busy}) and {done, busy} at the end.
import Database from 'better-sqlite3';

const [dbPath, sessionId, countArg, word, intervalArg] = process.argv.slice(2);
const db = new Database(dbPath, { timeout: 0 });
db.pragma('journal_mode = WAL');
const next = db.prepare('SELECT coalesce(max(seq), -1) + 1 AS seq FROM transcript_events WHERE session_id = ?');
const insert = db.prepare(
  'INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)',
);
let busy = 0;
for (let i = 0; i < Number(countArg); i++) {
  try {
    db.transaction(() => {
      const seq = next.get(sessionId).seq;
      const now = Date.now();
      const event = JSON.stringify({
        type: 'message',
        id: `w-${seq}`,
        parentId: null,
        timestamp: new Date(now).toISOString(),
        message: { role: 'user', content: `${word} number ${i}`, timestamp: now },
      });
      insert.run(sessionId, seq, event, now, Buffer.byteLength(event));
      console.log(JSON.stringify({ seq }));
    })();
  } catch (error) {
    if (!String(error.code).startsWith('SQLITE_BUSY')) throw error;
    busy += 1;
    console.log(JSON.stringify({ busy: error.code }));
  }
  await new Promise((resolve) => setTimeout(resolve, Number(intervalArg)));
}
db.close();
console.log(JSON.stringify({ done: true, busy }));
