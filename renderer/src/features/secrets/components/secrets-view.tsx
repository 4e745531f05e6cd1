import { Fragment, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemlensApi } from '../../../../../shared/contract';
import { localText } from '../../../../../shared/i18n';
import type { SecretEntry, SecretList } from '../../../../../shared/secret-calls';
import { DEFAULT_SECRET_PLACEHOLDER } from '../../../../../shared/secret-placeholders';
import { errorInfo, shownError, shownText } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-locale';
import { purgeSecret, type PurgeOutcome } from '../stores/purge-secret';
import { PurgeConfirm, PurgeResult } from './secret-purge-panels';

interface SecretsViewProps {
  api: MemlensApi;
  onOpenAt(path: string, line: number): void;
}

interface Listed {
  list: SecretList;
  /** Each fixable file's hash when the list was made: a fix against a file changed since is refused. */
  hashes: ReadonlyMap<string, string>;
}

type Message = { kind: 'info' | 'error'; text: string };

/** Every secret the index masked, where it is, and the two fixes (each a hash-checked save). */
export function SecretsView({ api, onOpenAt }: SecretsViewProps) {
  const { t, i18n } = useTranslation('secrets');
  const [listed, setListed] = useState<Listed | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [placeholder, setPlaceholder] = useState(DEFAULT_SECRET_PLACEHOLDER);
  const [busy, setBusy] = useState<string | null>(null);
  /** The entry whose purge waits for a yes (it cannot be undone). */
  const [confirming, setConfirming] = useState<SecretEntry | null>(null);
  const [purged, setPurged] = useState<{ entry: SecretEntry; placeholder: string; outcome: PurgeOutcome } | null>(null);

  const load = useCallback(async () => {
    const list = await api.secrets({});
    const hashes = new Map<string, string>();
    for (const path of new Set(list.secrets.filter((s) => s.fixable).map((s) => s.path))) {
      const file = await api.readFile({ path }).catch(() => null);
      if (file) hashes.set(path, file.hash);
    }
    setListed({ list, hashes });
  }, [api]);
  const reload = useCallback(
    () =>
      load().catch((e: unknown) =>
        setMessage({ kind: 'error', text: t('view.loadFailed', { message: shownText(t, shownError(e)) }) }),
      ),
    [load, t],
  );
  useEffect(() => void reload(), [reload]);

  const fix = async (secret: SecretEntry, action: 'remove-line' | 'replace') => {
    const expectedHash = listed?.hashes.get(secret.path);
    if (!expectedHash) return;
    const key = entryKey(secret);
    setBusy(key);
    setPurged(null);
    const text = placeholder.trim() || DEFAULT_SECRET_PLACEHOLDER;
    try {
      await api.secretFix({
        path: secret.path,
        line: secret.line,
        label: secret.label,
        action,
        ...(action === 'replace' ? { placeholder: text } : {}),
        expectedHash,
      });
      setMessage({
        kind: 'info',
        text:
          action === 'replace'
            ? t('view.replaced', { path: secret.path, line: secret.line, placeholder: text })
            : t('view.removed', { path: secret.path, line: secret.line }),
      });
    } catch (e) {
      const info = errorInfo(e);
      setMessage({
        kind: 'error',
        text:
          info.code === 'CONFLICT'
            ? t('view.conflict', { path: secret.path })
            : t('view.failed', { message: shownText(t, shownError(e)) }),
      });
    } finally {
      // The buttons come back with the fresh list: before it, a retry would carry the old hash.
      await reload();
      setBusy(null);
    }
  };

  const purge = async (secret: SecretEntry) => {
    const expectedHash = listed?.hashes.get(secret.path);
    if (!expectedHash) return;
    setBusy(entryKey(secret));
    setMessage(null);
    const text = placeholder.trim() || DEFAULT_SECRET_PLACEHOLDER;
    try {
      const outcome = await purgeSecret(api, secret, text, expectedHash);
      setPurged({ entry: secret, placeholder: text, outcome });
    } catch (e) {
      const info = errorInfo(e);
      setMessage({
        kind: 'error',
        text:
          info.code === 'CONFLICT'
            ? t('view.conflict', { path: secret.path })
            : t('purge.failed', { message: shownText(t, shownError(e)) }),
      });
    } finally {
      setConfirming(null);
      await reload();
      setBusy(null);
    }
  };

  const secrets = listed?.list.secrets ?? [];
  return (
    <div className="secrets-view" data-testid="secrets-view">
      <div className="secrets-view__bar">
        <h2>{t('view.heading')}</h2>
        {listed && <span className="secrets-view__count">{t('view.count', { count: secrets.length })}</span>}
        <button type="button" data-testid="secrets-refresh" onClick={() => void reload()}>
          {t('view.refresh')}
        </button>
        <label className="secrets-view__placeholder">
          {t('view.placeholder')}
          <input
            data-testid="secrets-placeholder"
            value={placeholder}
            onChange={(e) => setPlaceholder(e.target.value)}
            aria-label={t('view.placeholder')}
          />
        </label>
      </div>
      <p className="secrets-view__intro">{t('view.intro')}</p>
      {message && (
        <div
          className={`secrets-view__message${message.kind === 'error' ? ' is-error' : ''}`}
          data-testid="secrets-message"
          data-kind={message.kind}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </div>
      )}
      {purged && (
        <PurgeResult
          entry={purged.entry}
          placeholder={purged.placeholder}
          outcome={purged.outcome}
          onClose={() => setPurged(null)}
        />
      )}
      {!listed ? (
        <p className="secrets-table__muted">{t('view.loading')}</p>
      ) : secrets.length === 0 ? (
        <p data-testid="secrets-empty">{t('view.none')}</p>
      ) : (
        <table className="secrets-table">
          <thead>
            <tr>
              <th>{t('view.kind')}</th>
              <th>{t('view.where')}</th>
              <th>{t('view.shownAs')}</th>
              <th>{t('view.firstSeen')}</th>
              <th>{t('view.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {secrets.map((s) => (
              <Fragment key={entryKey(s)}>
                <tr
                  data-testid="secret-row"
                  data-path={s.path}
                  data-line={s.line}
                  data-kind={s.kind}
                  data-label={s.label}
                >
                  <td>{t(`kind.${s.kind}`, { defaultValue: s.kind })}</td>
                  <td className="secrets-table__where">
                    <button
                      type="button"
                      data-testid="secret-open"
                      title={t('view.openAt', { path: s.path, line: s.line })}
                      onClick={() => onOpenAt(s.path, s.line)}
                    >
                      {s.path}:{s.line}
                    </button>
                  </td>
                  <td className="secrets-table__label">{s.label}</td>
                  <td className={`secrets-table__seen${s.firstSeen ? '' : ' secrets-table__muted'}`}>
                    {s.firstSeen
                      ? t('view.firstSeenVersion', {
                          version: s.firstSeen.version,
                          time: formatDate(i18n.language, s.firstSeen.time, 'date'),
                        })
                      : t('view.notInHistory')}
                  </td>
                  <td className="secrets-table__actions">
                    {s.fixable && listed.hashes.has(s.path) ? (
                      <div>
                        <button
                          type="button"
                          data-testid="secret-replace"
                          disabled={busy !== null}
                          title={t('view.replaceTitle')}
                          onClick={() => void fix(s, 'replace')}
                        >
                          {busy === entryKey(s) ? t('view.saving') : t('view.replace')}
                        </button>
                        <button
                          type="button"
                          data-testid="secret-remove-line"
                          disabled={busy !== null}
                          title={t('view.removeLineTitle', { path: s.path, line: s.line })}
                          onClick={() => void fix(s, 'remove-line')}
                        >
                          {t('view.removeLine')}
                        </button>
                        <button
                          type="button"
                          data-testid="secret-purge"
                          disabled={busy !== null}
                          aria-expanded={confirming !== null && entryKey(confirming) === entryKey(s)}
                          title={t('purge.buttonTitle')}
                          onClick={() => {
                            setPurged(null);
                            setConfirming(s);
                          }}
                        >
                          {t('purge.button')}
                        </button>
                      </div>
                    ) : (
                      <span className="secrets-table__muted">{t('view.transcript')}</span>
                    )}
                  </td>
                </tr>
                {confirming && entryKey(confirming) === entryKey(s) && (
                  <tr className="secrets-table__confirm">
                    <td colSpan={5}>
                      <PurgeConfirm
                        entry={confirming}
                        placeholder={placeholder.trim() || DEFAULT_SECRET_PLACEHOLDER}
                        busy={busy !== null}
                        onPurge={() => void purge(confirming)}
                        onCancel={() => setConfirming(null)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {listed?.list.notices.map((notice, i) => (
        <p key={notice} className="secrets-view__notice" data-testid="secrets-notice">
          {localText(t, { message: notice, messageId: listed.list.noticeIds?.[i] })}
        </p>
      ))}
    </div>
  );
}

const entryKey = (s: SecretEntry) => `${s.path}:${s.line}:${s.label}`;
