import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings-schema.js';
import { SettingsStore, settingsPathFor } from './settings-store.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-settings-'));
  dirs.push(dir);
  return settingsPathFor(dir);
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts from the documented defaults when no file exists', async () => {
    const store = await SettingsStore.open(tempFile());
    expect(store.get()).toEqual(defaultSettings());
    expect(store.get().search).toMatchObject({
      maxResults: 6,
      minScore: 0.35,
      vectorWeight: 0.7,
      textWeight: 0.3,
      decay: { enabled: false, halfLifeDays: 30 },
    });
    expect(store.get().theme).toBe('system');
    expect(store.get().model.allowDownload).toBe('ask');
  });

  it('persists a patch as JSON and reads it back in a new store', async () => {
    const file = tempFile();
    const store = await SettingsStore.open(file);
    await store.update({ theme: 'dark', search: { minScore: 0.2, decay: { enabled: true } } });
    await store.recordWorkspace('/home/me/.openclaw/workspace', { recent: true });
    const reopened = await SettingsStore.open(file);
    expect(reopened.get()).toMatchObject({
      theme: 'dark',
      lastWorkspace: '/home/me/.openclaw/workspace',
      recentWorkspaces: ['/home/me/.openclaw/workspace'],
      search: { minScore: 0.2, decay: { enabled: true, halfLifeDays: 30 }, maxResults: 6 },
    });
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a write killed before its rename leaves the saved file as it was; a new file is private', async () => {
    const file = tempFile();
    const store = await SettingsStore.open(file);
    await store.update({ language: 'zh-CN' });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // What a process killed mid-save leaves: a half-written temp file beside the real one.
    const leftover = path.join(path.dirname(file), `.${path.basename(file)}.0123456789ab.tmp`);
    fs.writeFileSync(leftover, '{"language": "e');
    const reopened = await SettingsStore.open(file);
    expect(reopened.get().language).toBe('zh-CN');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ language: 'zh-CN' });
  });

  it('keeps the valid fields of a damaged file and the rest at defaults', async () => {
    const file = tempFile();
    fs.writeFileSync(
      file,
      JSON.stringify({ theme: 'dark', search: { minScore: 'high' }, model: { allowDownload: 'yes' } }),
    );
    const store = await SettingsStore.open(file);
    expect(store.get().theme).toBe('dark');
    expect(store.get().model.allowDownload).toBe('yes');
    expect(store.get().search).toEqual(defaultSettings().search);
  });

  it('moves an unparseable file aside instead of losing it', async () => {
    const file = tempFile();
    fs.writeFileSync(file, '{ not json');
    const store = await SettingsStore.open(file);
    expect(store.get()).toEqual(defaultSettings());
    const aside = fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith('settings.json.invalid-'));
    expect(aside).toHaveLength(1);
  });

  it('serialises concurrent updates so the last one wins on disk', async () => {
    const file = tempFile();
    const store = await SettingsStore.open(file);
    await Promise.all([
      store.update({ theme: 'light' }),
      store.update({ theme: 'dark' }),
      store.update({ search: { maxResults: 20 } }),
    ]);
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as { theme: string; search: { maxResults: number } };
    expect(onDisk).toMatchObject({ theme: 'dark', search: { maxResults: 20 } });
  });
});
