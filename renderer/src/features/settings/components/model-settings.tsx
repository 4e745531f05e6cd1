import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { IndexProgress, ModelCatalog, ModelOption, ModelProgress } from '../../../../../shared/domain';
import { localText } from '../../../../../shared/i18n';
import { reasonHeadline } from '../../../../../shared/reason-text';
import type { ModelSettings } from '../../../../../shared/settings-schema';
import { formatBytes } from '../../../lib/format-number';

interface ModelSettingsProps {
  catalog: ModelCatalog;
  model: ModelSettings;
  progress: ModelProgress | null;
  applying: boolean;
  /** The index being rebuilt for a new model (from the status), if it is. */
  indexProgress: IndexProgress | null;
  onApply(model: Partial<ModelSettings>): void;
}

const KEYWORD_ONLY = '';
const DOWNLOAD_CHOICES = ['ask', 'yes', 'no'] as const;
/** An example id, not a word to translate. */
const CUSTOM_MODEL_EXAMPLE = 'org/model-name';

/** Which model, where its files are, whether it may be downloaded — and the progress of a switch. */
export function ModelSettingsSection({
  catalog,
  model,
  progress,
  applying,
  indexProgress,
  onApply,
}: ModelSettingsProps) {
  const { t } = useTranslation('settings');
  const [choice, setChoice] = useState<string>(model.id ?? KEYWORD_ONLY);
  const [custom, setCustom] = useState('');
  const [modelsDir, setModelsDir] = useState(model.modelsDir ?? '');
  const [allowDownload, setAllowDownload] = useState(model.allowDownload);
  const [showDetails, setShowDetails] = useState(false);
  useEffect(() => {
    setChoice(model.id ?? KEYWORD_ONLY);
    setModelsDir(model.modelsDir ?? '');
    setAllowDownload(model.allowDownload);
  }, [model]);

  const chosenId = choice === 'custom' ? custom.trim() : choice;
  const chosen = catalog.models.find((m) => m.id === chosenId);
  const needsDownload = !!chosenId && !chosen?.installed;
  const downloadsOn = allowDownload === 'yes' || (allowDownload === 'ask' && catalog.canAsk);
  const dirty =
    (chosenId || null) !== model.id ||
    (modelsDir.trim() || null) !== model.modelsDir ||
    allowDownload !== model.allowDownload;
  const fraction = progress?.total ? Math.min(1, (progress.loaded ?? 0) / progress.total) : null;
  const recommended = catalog.models.find((m) => m.recommended);
  // The engine's reason and a preset's words in the window's language; another model's as it came.
  const problem = catalog.problem
    ? localText(t, { message: catalog.problem, messageId: catalog.problemId, params: catalog.problemParams })
    : null;
  const languagesOf = (m: ModelOption) => (m.key ? t(`model.preset.${m.key}.languages`) : m.languages);
  const notesOf = (m: ModelOption) => (m.key ? t(`model.preset.${m.key}.notes`) : m.notes);

  return (
    <div className="model-settings" data-testid="model-settings">
      <p className="settings-now" data-testid="model-now" data-value={catalog.active ?? ''}>
        {catalog.active ? (
          <>
            <Trans t={t} i18nKey="model.running" values={{ model: catalog.active }} components={[<strong key="m" />]} />
          </>
        ) : (
          <>
            <strong>{t('model.keywordOnly')}</strong> {problem ? reasonHeadline(problem) : t('model.noModel')}
            {t('model.sentenceEnd')}{' '}
            {problem && problem !== reasonHeadline(problem) && (
              <button
                type="button"
                className="link-button"
                data-testid="model-details-toggle"
                onClick={() => setShowDetails(!showDetails)}
              >
                {showDetails ? t('model.hideDetails') : t('model.details')}
              </button>
            )}
          </>
        )}
      </p>
      {showDetails && problem && (
        <pre className="settings-details" data-testid="model-details">
          {problem}
        </pre>
      )}
      {!catalog.active && recommended && (
        <p className="model-recommended" data-testid="model-recommended" data-id={recommended.id}>
          <span>
            <Trans
              t={t}
              i18nKey="model.recommended"
              values={{
                model: recommended.id,
                languages: languagesOf(recommended),
                size: recommended.installed
                  ? t('model.inFolder')
                  : recommended.downloadBytes
                    ? t('model.downloadOnce', { size: formatBytes(recommended.downloadBytes) })
                    : t('model.sizeUnknown'),
              }}
              components={[<strong key="m" />]}
            />
          </span>
          {choice !== recommended.id && (
            <button
              type="button"
              className="link-button"
              data-testid="model-recommended-choose"
              onClick={() => setChoice(recommended.id)}
            >
              {t('model.chooseIt')}
            </button>
          )}
        </p>
      )}
      {catalog.fixedByCommandLine && <p className="notice notice--info">{t('model.fixedByCommandLine')}</p>}

      <fieldset className="model-list">
        <legend>{t('model.legend')}</legend>
        {catalog.models.map((m) => (
          <label
            key={m.id}
            className="model-option"
            data-testid="model-option"
            data-id={m.id}
            data-installed={m.installed}
          >
            <input type="radio" name="model" value={m.id} checked={choice === m.id} onChange={() => setChoice(m.id)} />
            <span className="model-option__body">
              <span className="model-option__name">
                {m.id}
                {m.recommended && (
                  <>
                    {' '}
                    <span className="badge badge--ok" data-testid="model-recommended-badge">
                      {t('model.recommendedBadge')}
                    </span>
                  </>
                )}
              </span>
              <span className="muted">
                {languagesOf(m)}
                {m.dims ? ` · ${t('model.dims', { count: m.dims })}` : ''} ·{' '}
                {m.installed ? (
                  <span className="badge badge--ok">{t('model.installed')}</span>
                ) : m.downloadBytes ? (
                  t('model.download', { size: formatBytes(m.downloadBytes) })
                ) : (
                  t('model.downloadUnknown')
                )}
              </span>
            </span>
          </label>
        ))}
        <label className="model-option">
          <input
            type="radio"
            name="model"
            value="custom"
            checked={choice === 'custom'}
            onChange={() => setChoice('custom')}
          />
          <span className="model-option__body">
            <span>{t('model.custom')}</span>
            <input
              type="text"
              placeholder={CUSTOM_MODEL_EXAMPLE}
              value={custom}
              data-testid="model-custom-id"
              onFocus={() => setChoice('custom')}
              onChange={(e) => setCustom(e.target.value)}
            />
          </span>
        </label>
        <label className="model-option">
          <input
            type="radio"
            name="model"
            value={KEYWORD_ONLY}
            checked={choice === KEYWORD_ONLY}
            data-testid="model-none"
            onChange={() => setChoice(KEYWORD_ONLY)}
          />
          <span className="model-option__body">{t('model.none')}</span>
        </label>
      </fieldset>
      {chosen && (
        <p className="field-note" data-testid="model-notes">
          {notesOf(chosen)}
        </p>
      )}

      <label className="form__row">
        <span>
          {t('model.folder')} <span className="muted">{t('model.folderHint')}</span>
        </span>
        <input
          type="text"
          value={modelsDir}
          placeholder={catalog.modelsDir}
          data-testid="models-dir"
          onChange={(e) => setModelsDir(e.target.value)}
        />
      </label>
      <fieldset className="form__radios">
        <legend className="sr-only">{t('model.downloads')}</legend>
        {(catalog.canAsk ? DOWNLOAD_CHOICES : DOWNLOAD_CHOICES.slice(1)).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="allow-download"
              value={value}
              checked={allowDownload === value || (!catalog.canAsk && value === 'no' && allowDownload === 'ask')}
              data-testid={`allow-download-${value}`}
              onChange={() => setAllowDownload(value)}
            />{' '}
            {t(`model.allow.${value}`)}
          </label>
        ))}
      </fieldset>
      {needsDownload && !downloadsOn && chosenId && (
        <p className="field-note" data-testid="model-needs-download">
          {t('model.needsDownload', { model: chosenId, dir: chosen?.dir ?? catalog.modelsDir })}
        </p>
      )}
      {needsDownload && downloadsOn && chosen?.downloadBytes && (
        <p className="field-note">{t('model.willDownload', { size: formatBytes(chosen.downloadBytes) })}</p>
      )}
      <div className="settings-actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="model-apply"
          disabled={!dirty || applying || (choice === 'custom' && !custom.trim())}
          onClick={() => onApply({ id: chosenId || null, modelsDir: modelsDir.trim() || null, allowDownload })}
        >
          {applying ? t('model.switching') : t('model.apply')}
        </button>
        {dirty && !applying && <span className="muted">{t('model.notApplied')}</span>}
      </div>

      {(applying || progress) && (
        <div className="model-progress" data-testid="model-progress" data-phase={progress?.phase ?? 'starting'}>
          {!progress && <span>{t('model.opening', { model: chosenId || t('model.theIndex') })}</span>}
          {progress && (progress.phase === 'loading' || progress.phase === 'downloading') && (
            <>
              <span>
                {t(progress.phase === 'downloading' ? 'model.downloading' : 'model.loadingModel', {
                  model: progress.modelId,
                })}
                {progress.total
                  ? t('model.bytes', { loaded: formatBytes(progress.loaded ?? 0), total: formatBytes(progress.total) })
                  : '…'}
              </span>
              <progress max={1} value={fraction ?? undefined} />
            </>
          )}
          {progress?.phase === 'ready' && (
            <span data-testid="model-ready">{t('model.ready', { model: progress.modelId })}</span>
          )}
          {progress?.phase === 'failed' && (
            <span className="notice notice--error" data-testid="model-failed">
              {t('model.failed', {
                model: progress.modelId,
                reason: reasonHeadline(
                  progress.message
                    ? localText(t, {
                        message: progress.message,
                        messageId: progress.messageId,
                        params: progress.params,
                      })
                    : t('model.unknownError'),
                ),
              })}
            </span>
          )}
          {indexProgress &&
            (indexProgress.phase === 'rebuilding' ||
              indexProgress.phase === 'embedding' ||
              indexProgress.phase === 'indexing') && (
              <span data-testid="model-rebuild">
                {indexProgress.phase === 'embedding' && indexProgress.chunksTotal
                  ? t('model.embedding', { done: indexProgress.chunksDone ?? 0, total: indexProgress.chunksTotal })
                  : t('model.rebuilding', { done: indexProgress.filesDone, total: indexProgress.filesTotal })}
                <progress
                  max={1}
                  value={indexProgress.filesTotal ? indexProgress.filesDone / indexProgress.filesTotal : undefined}
                />
              </span>
            )}
        </div>
      )}
    </div>
  );
}
