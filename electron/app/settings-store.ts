// The app's settings as one JSON file in the data dir (never in the workspace). The schema in
// shared/settings-schema.ts is the file format: unknown or invalid fields fall back to defaults,
// field by field, so one bad value never costs the user all their settings.
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  SettingsSchema,
  applySettingsPatch,
  defaultSettings,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings-schema.js';
import { atomicWrite } from '../memory/files/atomic-write.js';

/** How many workspaces the "recent" list keeps (the schema allows 20). */
const MAX_RECENT_WORKSPACES = 10;

export function settingsPathFor(dataDir: string): string {
  return path.join(dataDir, 'settings.json');
}

export class SettingsStore {
  private settings: Settings;
  /** Writes run one after another so two quick changes cannot interleave their renames. */
  private writeChain: Promise<void> = Promise.resolve();

  private constructor(
    readonly filePath: string,
    initial: Settings,
  ) {
    this.settings = initial;
  }

  /** Reads the file (a missing file means defaults); an unreadable file is kept aside, not lost. */
  static async open(filePath: string): Promise<SettingsStore> {
    let raw: string | null = null;
    try {
      raw = await fs.readFile(filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (raw === null) return new SettingsStore(filePath, defaultSettings());
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      await fs.rename(filePath, `${filePath}.invalid-${Date.now()}`).catch(() => undefined);
      return new SettingsStore(filePath, defaultSettings());
    }
    return new SettingsStore(filePath, salvageSettings(json));
  }

  get(): Settings {
    return structuredClone(this.settings);
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    this.settings = applySettingsPatch(this.settings, patch);
    await this.persist();
    return this.get();
  }

  /** Called by the shell (never by the renderer) when a workspace opens. */
  async recordWorkspace(workspaceDir: string, options: { recent: boolean }): Promise<Settings> {
    const recentWorkspaces = options.recent
      ? [workspaceDir, ...this.settings.recentWorkspaces.filter((w) => w !== workspaceDir)].slice(
          0,
          MAX_RECENT_WORKSPACES,
        )
      : this.settings.recentWorkspaces;
    this.settings = SettingsSchema.parse({ ...this.settings, lastWorkspace: workspaceDir, recentWorkspaces });
    await this.persist();
    return this.get();
  }

  private persist(): Promise<void> {
    const text = `${JSON.stringify(this.settings, null, 2)}\n`;
    const run = this.writeChain.then(() => writeFileAtomic(this.filePath, text));
    // A failed write must not wedge every later one.
    this.writeChain = run.catch(() => undefined);
    return run;
  }
}

/** Keeps every top-level field that is valid on its own; the rest take their defaults. */
export function salvageSettings(json: unknown): Settings {
  const whole = SettingsSchema.safeParse(json);
  if (whole.success) return whole.data;
  const defaults = defaultSettings();
  if (!json || typeof json !== 'object') return defaults;
  const kept: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(SettingsSchema.shape)) {
    const parsed = (schema as (typeof SettingsSchema.shape)[keyof typeof SettingsSchema.shape]).safeParse(
      (json as Record<string, unknown>)[key],
    );
    if (parsed.success) kept[key] = parsed.data;
  }
  return SettingsSchema.parse({ ...defaults, ...kept });
}

/** Through atomicWrite (temp, fsync, rename, fsync of the folder): a crash leaves the old file or the new one. */
async function writeFileAtomic(filePath: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  await atomicWrite(filePath, text, { newFileMode: 0o600 });
}
