import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecretEntry } from '../../../../../shared/secret-calls';
import { PURGED_PLACEHOLDER } from '../../../../../shared/secret-placeholders';
import type { PurgeOutcome } from '../stores/purge-secret';

interface PurgeConfirmProps {
  entry: SecretEntry;
  placeholder: string;
  busy: boolean;
  onPurge(): void;
  onCancel(): void;
}

/** Asked before a purge: it cannot be undone, and what it touches (and does not) is said up front. */
export function PurgeConfirm({ entry, placeholder, busy, onPurge, onCancel }: PurgeConfirmProps) {
  const { t } = useTranslation('secrets');
  return (
    <div className="secrets-purge secrets-purge--confirm" role="alertdialog" data-testid="purge-confirm">
      <p>
        <strong>{t('purge.confirmHeading', { label: entry.label })}</strong>
      </p>
      <p>{t('purge.confirmSteps', { path: entry.path, line: entry.line, placeholder, purged: PURGED_PLACEHOLDER })}</p>
      <p>{t('purge.confirmNotTouched')}</p>
      <div className="secrets-purge__actions">
        <button
          type="button"
          className="button button--primary button--danger"
          data-testid="purge-confirm-yes"
          disabled={busy}
          onClick={onPurge}
        >
          {busy ? t('purge.purging') : t('purge.confirmYes')}
        </button>
        <button type="button" className="button" data-testid="purge-confirm-no" disabled={busy} onClick={onCancel}>
          {t('purge.cancel')}
        </button>
      </div>
    </div>
  );
}

interface PurgeResultProps {
  entry: SecretEntry;
  placeholder: string;
  outcome: PurgeOutcome;
  onClose(): void;
}

/** What a purge did, what still holds the value, and the git command the user could run themselves. */
export function PurgeResult({ entry, placeholder, outcome, onClose }: PurgeResultProps) {
  const { t } = useTranslation('secrets');
  const ref = useRef<HTMLDivElement>(null);
  // It appears above the list, maybe far above the row that was purged. (Braces: Chromium's
  // scrollIntoView returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);
  const replaced = t('purge.replaced', { path: entry.path, line: entry.line, placeholder });
  if (outcome.kind === 'still-in-files')
    return (
      <div
        ref={ref}
        className="secrets-purge is-error"
        role="alert"
        data-testid="purge-result"
        data-kind="still-in-files"
      >
        <p>{replaced}</p>
        <p>{t('purge.stillInFiles', { label: entry.label, paths: outcome.paths.join(', ') })}</p>
        <button type="button" className="button" data-testid="purge-result-close" onClick={onClose}>
          {t('purge.close')}
        </button>
      </div>
    );
  const { result } = outcome;
  const clean = result.remaining.length === 0;
  return (
    <div
      ref={ref}
      className={`secrets-purge${clean ? '' : ' is-error'}`}
      role="status"
      data-testid="purge-result"
      data-kind="purged"
      data-versions={result.versionsRewritten}
      data-remaining={result.remaining.length}
    >
      <p>
        <strong>{t('purge.done', { label: entry.label })}</strong> {replaced}
      </p>
      <ul>
        <li data-testid="purge-versions">{t('purge.versions', { count: result.versionsRewritten })}</li>
        <li data-testid="purge-files">{t('purge.files', { count: result.filesCleaned })}</li>
        {clean ? (
          <li>{t('purge.noneRemaining')}</li>
        ) : (
          <li data-testid="purge-remaining">{t('purge.remaining', { files: result.remaining.join(', ') })}</li>
        )}
        {result.transcripts.length > 0 && (
          <li data-testid="purge-transcripts">
            {t('purge.transcripts', { count: result.transcripts.length, files: result.transcripts.join(', ') })}
          </li>
        )}
        {!result.vacuumed && <li>{t('purge.notVacuumed')}</li>}
      </ul>
      <div className="secrets-purge__git" data-testid="purge-git">
        <p>
          {result.gitRepo ? t('purge.gitRepo', { repo: result.gitRepo }) : t('purge.gitMaybe')} {t('purge.gitHow')}
        </p>
        <code>{`literal:${t('purge.theValue')}==>${result.placeholder}`}</code>
        <p>{t('purge.gitRun')}</p>
        <code data-testid="purge-git-command">{result.gitCommand}</code>
      </div>
      <button type="button" className="button" data-testid="purge-result-close" onClick={onClose}>
        {t('purge.close')}
      </button>
    </div>
  );
}
