// An app database file that is not ours (another program's SQLite, or one a newer Memory Lens
// wrote) is refused before anything can write to it: its bytes stay exactly as they were.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { englishText } from '../../shared/i18n.js';
import { NotOurFileError, openAppDatabase, type AppDatabaseSpec } from './app-database.js';

const SPEC: AppDatabaseSpec = {
  store: 'history',
  applicationId: 0x4d4c6873,
  schemaVersion: 2,
  ddl: 'CREATE TABLE IF NOT EXISTS versions (id INTEGER PRIMARY KEY)',
  synchronous: 'FULL',
  quickCheck: true,
  onDamaged: 'discard',
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-app-db-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** A SQLite file as another program leaves it: rollback journal, its own marks, a table of its own. */
function sqliteFile(applicationId: number, userVersion: number): string {
  const file = path.join(dir, 'history.sqlite');
  const db = new Database(file);
  db.pragma(`application_id = ${applicationId}`);
  db.pragma(`user_version = ${userVersion}`);
  db.exec("CREATE TABLE theirs (x); INSERT INTO theirs VALUES ('kept')");
  db.close();
  return file;
}

/** Opens `file` as ours, expecting a refusal; returns it in English. */
function refusal(file: string): string {
  try {
    openAppDatabase(file, SPEC).db.close();
  } catch (error) {
    expect(error).toBeInstanceOf(NotOurFileError);
    return englishText((error as NotOurFileError).ref!);
  }
  throw new Error(`${file} was opened as ours`);
}

describe('openAppDatabase on a file that is not ours', () => {
  it("leaves another program's SQLite file byte-identical (no WAL switch, no -wal or -shm)", () => {
    const file = sqliteFile(42, 7);
    const before = sha256(file);
    expect(refusal(file)).toBe(`${file} is not a Memory Lens file (application_id 42); it was left alone.`);
    expect(sha256(file)).toBe(before);
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite']);
  });

  it("leaves a newer Memory Lens's file byte-identical", () => {
    const file = sqliteFile(SPEC.applicationId, SPEC.schemaVersion + 1);
    const before = sha256(file);
    expect(refusal(file)).toBe(`${file} was written by a newer Memory Lens (schema 3); it was left alone.`);
    expect(sha256(file)).toBe(before);
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite']);
  });

  it('still opens its own file and an empty one', () => {
    const file = sqliteFile(SPEC.applicationId, SPEC.schemaVersion);
    const opened = openAppDatabase(file, SPEC);
    expect(opened.db.prepare('SELECT x FROM theirs').get()).toEqual({ x: 'kept' });
    opened.db.close();
    const fresh = openAppDatabase(path.join(dir, 'new.sqlite'), SPEC);
    expect(fresh.db.pragma('application_id', { simple: true })).toBe(SPEC.applicationId);
    fresh.db.close();
  });
});
