import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../../../../shared/i18n';
import type { MemlensApi } from '../../../../../shared/contract';
import type { HistorySettings, HistoryUsage } from '../../../../../shared/history-schemas';
import { shownError, shownText, type ShownMessage } from '../../../lib/error-message';

/** Settings → Memory history: what is kept and for how long, and what it takes now. */
export function HistorySettingsSection({ api }: { api: MemlensApi }) {
  const { t } = useTranslation('history');
  const [settings, setSettings] = useState<HistorySettings | null>(null);
  const [usage, setUsage] = useState<HistoryUsage | null>(null);
  const [error, setError] = useState<ShownMessage | null>(null);
  useEffect(() => {
    api.settingsGet().then(
      (s) => setSettings(s.history),
      (e: unknown) => setError(shownError(e)),
    );
    api.historyUsage().then(setUsage, () => setUsage(null));
  }, [api]);
  const update = async (patch: Partial<HistorySettings>) => {
    try {
      setSettings((await api.settingsSet({ patch: { history: patch } })).history);
      setError(null);
    } catch (e) {
      setError(shownError(e));
    }
  };
  const num = (value: string, fallback: number) =>
    Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback;
  return (
    <section className="settings-section" data-testid="history-settings">
      <h3>{t('settings.title')}</h3>
      <p className="muted">{t('settings.intro')}</p>
      {error && <div className="notice notice--error">{shownText(t, error)}</div>}
      {settings && (
        <div className="form form--inline">
          <label>
            {t('settings.keepFor')}{' '}
            <input
              type="number"
              min={1}
              max={3650}
              data-testid="history-keep-days"
              defaultValue={settings.keepAllDays}
              onBlur={(e) => void update({ keepAllDays: num(e.target.value, settings.keepAllDays) })}
            />{' '}
            {t('settings.days')}
          </label>
          <label>
            <input
              type="checkbox"
              data-testid="history-daily"
              checked={settings.dailyAfter}
              onChange={(e) => void update({ dailyAfter: e.target.checked })}
            />{' '}
            {t('settings.daily')}
          </label>
          <label>
            {t('settings.atMost')}{' '}
            <input
              type="number"
              min={1}
              max={100000}
              data-testid="history-max-mb"
              defaultValue={settings.maxMegabytes}
              onBlur={(e) => void update({ maxMegabytes: num(e.target.value, settings.maxMegabytes) })}
            />{' '}
            {t('settings.megabytes')}
          </label>
        </div>
      )}
      {usage && (
        <p className="muted" data-testid="history-usage" title={usage.dir}>
          {t('settings.usage', { count: usage.versions, size: sizeText(usage.bytes), blobs: usage.blobs })}
        </p>
      )}
      {usage?.notices.map((n) => (
        <div key={n.message} className="notice notice--warn">
          {localText(t, n)}
        </div>
      ))}
    </section>
  );
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
