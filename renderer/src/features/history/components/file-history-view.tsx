import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../../../../shared/i18n';
import type { MemlensApi } from '../../../../../shared/contract';
import type { FileHistory, Version, VersionDiff as Diff } from '../../../../../shared/history-schemas';
import { errorInfo, shownError, shownText, type ShownMessage } from '../../../lib/error-message';
import { AgentTurn, AuthorChip, kindText, timeText } from './author-chip';
import { VersionDiff } from './version-diff';

interface FileHistoryViewProps {
  api: MemlensApi;
  /** The file the editor has open (null: nothing open). */
  path: string | null;
  onOpenTranscript(path: string, line: number): void;
}

type Side = number | 'none' | 'now';

/**
 * One file's versions on a time line, newest first, each with its author; a diff between any two
 * (or a version and the file now); restoring a whole version or single hunks as a normal save,
 * checked against the hash of the file as this view read it.
 */
export function FileHistoryView({ api, path, onOpenTranscript }: FileHistoryViewProps) {
  const { t, i18n } = useTranslation('history');
  const [history, setHistory] = useState<FileHistory | null>(null);
  const [current, setCurrent] = useState<{ hash: string | null } | null>(null);
  const [from, setFrom] = useState<Side>('none');
  const [to, setTo] = useState<Side>('now');
  const [diff, setDiff] = useState<Diff | null>(null);
  /** The diff's two texts as stored (raw), or null when the file now is too large to read whole. */
  const [sides, setSides] = useState<{ older: string; newer: string } | null>(null);
  /**
   * The selection the diff on screen was read for: until the one asked arrives the last one stays
   * up, but no hunk of it can be restored (its lines would be lost when the right one replaces it).
   */
  const [shownFor, setShownFor] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string | ShownMessage } | null>(null);

  const load = useCallback(
    async (first = false) => {
      if (!path) return;
      const [h, file] = await Promise.all([api.historyList({ path }), api.readFile({ path }).catch(() => null)]);
      setHistory(h);
      setCurrent({ hash: file?.hash ?? null });
      // A reload (a change on disk) keeps what the user is looking at; the first load shows the newest change.
      const [top, before] = h.versions;
      if (first && top) {
        setTo(top.id);
        setFrom(before?.id ?? 'none');
      }
    },
    [api, path],
  );

  useEffect(() => {
    setHistory(null);
    setDiff(null);
    setMessage(null);
    load(true).catch((e: unknown) => setMessage({ kind: 'error', text: shownError(e) }));
  }, [load]);

  // A new version of this file, or a transcript that may name its author, shows up without a reload click.
  useEffect(
    () =>
      path
        ? api.onDidChangeHistory((e) => {
            if (e.path === path || e.reason === 'evidence') void load().catch(() => undefined);
          })
        : undefined,
    [api, path, load],
  );

  useEffect(() => {
    if (!path || !history) return;
    const id = (s: Side) => (typeof s === 'number' ? s : null);
    let current = true;
    Promise.all([api.historyDiff({ path, from: id(from), to: id(to) }), storedSides(api, path, from, to)]).then(
      ([d, sides]) => {
        if (!current) return;
        setDiff(d);
        setSides(sides);
        setShownFor(`${from}:${to}`);
      },
      (e: unknown) => current && setMessage({ kind: 'error', text: shownError(e) }),
    );
    return () => {
      current = false;
    };
  }, [api, path, history, from, to]);

  const byId = useMemo(() => new Map((history?.versions ?? []).map((v) => [v.id, v])), [history]);
  // Versions are numbered by their place in this file's list, oldest v1 (ids are app-wide and skip).
  const numberOf = useMemo(() => {
    const versions = history?.versions ?? [];
    return new Map(versions.map((v, i) => [v.id, versions.length - i]));
  }, [history]);
  const [confirming, setConfirming] = useState<number | null>(null);
  const shownIsAsked = shownFor === `${from}:${to}`;
  const label = (id: number) => `v${numberOf.get(id) ?? '?'}`;

  if (!path)
    return (
      <div className="history-view history-view--empty" data-testid="history-empty">
        {t('file.empty')}
      </div>
    );

  const select = (v: Version, i: number) => {
    setTo(v.id);
    setFrom(history?.versions[i + 1]?.id ?? 'none');
  };
  const save = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      setMessage({ kind: 'info', text: done });
      await load();
    } catch (e) {
      const info = errorInfo(e);
      setMessage({
        kind: 'error',
        text: info.code === 'CONFLICT' ? t('file.conflict', { path }) : shownError(e),
      });
    }
  };
  const restoreVersion = (id: number) => {
    setConfirming(null);
    return save(
      () => api.historyRestore({ path, version: id, expectedHash: current?.hash ?? null }),
      t('file.restored', { version: label(id) }),
    );
  };
  const saveHunks = () =>
    restored !== null &&
    save(() => api.saveFile({ path, text: restored, expectedHash: current?.hash ?? null }), t('file.savedHunks'));
  const sideLabel = (s: Side) =>
    s === 'now'
      ? t('file.now')
      : s === 'none'
        ? t('file.nothing')
        : `${label(s)} · ${timeText(i18n.language, byId.get(s)?.time ?? 0)}`;
  // The selected version, or (comparing with now) the older side.
  const target = typeof to === 'number' ? byId.get(to) : typeof from === 'number' ? byId.get(from) : undefined;

  return (
    <div className="history-view" data-testid="history-view">
      <aside className="history-view__list" aria-label={t('file.versions')}>
        <h2 className="history-view__title" title={path}>
          {t('file.title', { path })}
        </h2>
        {history?.notices.map((n) => (
          <div key={n.message} className="notice notice--warn" data-testid="history-notice">
            {localText(t, n)}
          </div>
        ))}
        {history && history.versions.length === 0 && <p className="muted">{t('file.noVersions')}</p>}
        <ol className="version-list" data-testid="version-list">
          {history?.versions.map((v, i) => (
            <li key={v.id}>
              <button
                type="button"
                className={`version-row${to === v.id ? ' is-on' : ''}`}
                data-testid="version-row"
                data-version={v.id}
                data-number={numberOf.get(v.id)}
                data-kind={v.kind}
                onClick={() => select(v, i)}
              >
                <span className="version-row__head">
                  <span className="version-row__id">{label(v.id)}</span>
                  <time>{timeText(i18n.language, v.time)}</time>
                  <span className="version-row__kind" data-testid="version-kind">
                    {v.author.restoredFrom !== undefined && numberOf.has(v.author.restoredFrom)
                      ? t('kind.restored', { version: label(v.author.restoredFrom) })
                      : kindText(t, v)}
                  </span>
                </span>
                <AuthorChip author={v.author} />
                {v.reason && (
                  <span className="version-row__reason muted" data-testid="version-reason">
                    {v.reason}
                  </span>
                )}
                {v.skipped && <span className="muted">{t('file.notKept', { reason: v.skipped })}</span>}
                {v.clockWentBack && <span className="muted">{t('file.clockWentBack')}</span>}
              </button>
            </li>
          ))}
        </ol>
      </aside>
      <section className="history-view__diff">
        <div className="history-view__bar">
          <label>
            {t('file.from')}{' '}
            <select
              data-testid="diff-from"
              value={String(from)}
              onChange={(e) => setFrom(e.target.value === 'none' ? 'none' : Number(e.target.value))}
            >
              <option value="none">{t('file.nothing')}</option>
              {history?.versions
                .filter((v) => v.hash !== null && !v.skipped)
                .map((v) => (
                  <option key={v.id} value={v.id}>
                    {sideLabel(v.id)}
                  </option>
                ))}
            </select>
          </label>
          <label>
            {t('file.to')}{' '}
            <select
              data-testid="diff-to"
              value={String(to)}
              onChange={(e) => setTo(e.target.value === 'now' ? 'now' : Number(e.target.value))}
            >
              <option value="now">{t('file.now')}</option>
              {history?.versions
                .filter((v) => v.hash !== null && !v.skipped)
                .map((v) => (
                  <option key={v.id} value={v.id}>
                    {sideLabel(v.id)}
                  </option>
                ))}
            </select>
          </label>
          {typeof to === 'number' && (
            <button
              type="button"
              className="button"
              data-testid="compare-now"
              onClick={() => {
                setFrom(to);
                setTo('now');
              }}
            >
              {t('file.compareNow')}
            </button>
          )}
          <span className="app__spacer" />
          {target && target.hash !== null && !target.skipped && target.hash !== current?.hash && (
            <button
              type="button"
              className="button button--primary"
              data-testid="restore-version"
              aria-expanded={confirming === target.id}
              onClick={() => setConfirming(target.id)}
            >
              {t('file.restore', { version: label(target.id) })}
            </button>
          )}
          {to === 'now' && (
            <button
              type="button"
              className="button"
              data-testid="save-hunks"
              disabled={restored === null || !shownIsAsked}
              onClick={() => void saveHunks()}
            >
              {t('file.saveHunks')}
            </button>
          )}
        </div>
        {confirming !== null && byId.get(confirming) && (
          <div className="notice notice--warn notice--row" data-testid="restore-confirm" role="alertdialog">
            <span>
              {t('file.confirm', {
                path,
                version: label(confirming),
                when: timeText(i18n.language, byId.get(confirming)!.time),
              })}
            </span>
            <button
              type="button"
              className="button button--primary"
              data-testid="restore-confirm-yes"
              onClick={() => void restoreVersion(confirming)}
            >
              {t('file.restore', { version: label(confirming) })}
            </button>
            <button
              type="button"
              className="button"
              data-testid="restore-confirm-no"
              onClick={() => setConfirming(null)}
            >
              {t('file.cancel')}
            </button>
          </div>
        )}
        {message && (
          <div className={`notice notice--${message.kind}`} data-testid="history-message">
            {typeof message.text === 'string' ? message.text : shownText(t, message.text)}
          </div>
        )}
        {typeof to === 'number' && byId.get(to) && (
          <div className="history-view__author">
            <AuthorChip author={byId.get(to)!.author} withHow />
            <AgentTurn author={byId.get(to)!.author} onOpenTranscript={onOpenTranscript} />
          </div>
        )}
        {to === 'now' && <p className="muted history-view__hint">{t('file.hint', { from: sideLabel(from) })}</p>}
        {diff &&
          (diff.hunks.length === 0 ? (
            <p className="muted" data-testid="no-diff">
              {t('file.noDiff')}
            </p>
          ) : (
            // The raw texts, masked by decoration: the restored lines saved are the file's own bytes,
            // never the masks. Without them (a file too large to read whole) the masked diff, read-only.
            <VersionDiff
              older={sides?.older ?? diff.fromText}
              newer={sides?.newer ?? diff.toText}
              revertable={to === 'now' && sides !== null && shownIsAsked}
              onNewerChange={setRestored}
            />
          ))}
      </section>
    </div>
  );
}

/** A side's text as the history store and the disk hold it (the BOM as `\uFEFF`, as the diff reads it). */
async function storedSides(
  api: MemlensApi,
  path: string,
  from: Side,
  to: Side,
): Promise<{ older: string; newer: string } | null> {
  const text = async (side: Side): Promise<string | null> => {
    if (side === 'none') return '';
    if (side !== 'now') return (await api.historyVersion({ path, version: side })).text;
    const file = await api.readFile({ path }).catch(() => null);
    if (!file) return '';
    return file.window ? null : `${file.bom ? '\uFEFF' : ''}${file.text}`;
  };
  const [older, newer] = await Promise.all([text(from), text(to)]);
  return older === null || newer === null ? null : { older, newer };
}
