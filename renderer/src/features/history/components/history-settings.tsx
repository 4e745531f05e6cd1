import { useEffect, useState } from 'react';
import type { MemlensApi } from '../../../../../shared/contract';
import type { HistorySettings, HistoryUsage } from '../../../../../shared/history-schemas';
import { errorInfo } from '../../../lib/error-message';

/** Settings → Memory history: what is kept and for how long, and what it takes now. */
export function HistorySettingsSection({ api }: { api: MemlensApi }) {
  const [settings, setSettings] = useState<HistorySettings | null>(null);
  const [usage, setUsage] = useState<HistoryUsage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.settingsGet().then(
      (s) => setSettings(s.history),
      (e: unknown) => setError(errorInfo(e).message),
    );
    api.historyUsage().then(setUsage, () => setUsage(null));
  }, [api]);
  const update = async (patch: Partial<HistorySettings>) => {
    try {
      setSettings((await api.settingsSet({ patch: { history: patch } })).history);
      setError(null);
    } catch (e) {
      setError(errorInfo(e).message);
    }
  };
  const num = (value: string, fallback: number) =>
    Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback;
  return (
    <section className="settings-section" data-testid="history-settings">
      <h3>Memory history</h3>
      <p className="muted">
        Every version of MEMORY.md, USER.md, memory/** and the bootstrap files is kept in the app's data folder, never
        in the workspace.
      </p>
      {error && <div className="notice notice--error">{error}</div>}
      {settings && (
        <div className="form form--inline">
          <label>
            Keep every version for{' '}
            <input
              type="number"
              min={1}
              max={3650}
              data-testid="history-keep-days"
              defaultValue={settings.keepAllDays}
              onBlur={(e) => void update({ keepAllDays: num(e.target.value, settings.keepAllDays) })}
            />{' '}
            days
          </label>
          <label>
            <input
              type="checkbox"
              data-testid="history-daily"
              checked={settings.dailyAfter}
              onChange={(e) => void update({ dailyAfter: e.target.checked })}
            />{' '}
            then one a day
          </label>
          <label>
            At most{' '}
            <input
              type="number"
              min={1}
              max={100000}
              data-testid="history-max-mb"
              defaultValue={settings.maxMegabytes}
              onBlur={(e) => void update({ maxMegabytes: num(e.target.value, settings.maxMegabytes) })}
            />{' '}
            MB for this workspace (oldest go first; a file's newest version always stays)
          </label>
        </div>
      )}
      {usage && (
        <p className="muted" data-testid="history-usage" title={usage.dir}>
          Now: {usage.versions} version{usage.versions === 1 ? '' : 's'},{' '}
          {usage.bytes < 1024 * 1024
            ? `${(usage.bytes / 1024).toFixed(1)} KB`
            : `${(usage.bytes / (1024 * 1024)).toFixed(1)} MB`}{' '}
          in {usage.blobs} distinct file contents.
        </p>
      )}
      {usage?.notices.map((n) => (
        <div key={n} className="notice notice--warn">
          {n}
        </div>
      ))}
    </section>
  );
}
