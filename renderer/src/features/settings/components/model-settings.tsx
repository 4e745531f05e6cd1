import { useEffect, useState } from 'react';
import type { IndexProgress, ModelCatalog, ModelProgress } from '../../../../../shared/domain';
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

/** Which model, where its files are, whether it may be downloaded — and the progress of a switch. */
export function ModelSettingsSection({
  catalog,
  model,
  progress,
  applying,
  indexProgress,
  onApply,
}: ModelSettingsProps) {
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

  return (
    <div className="model-settings" data-testid="model-settings">
      <p className="settings-now" data-testid="model-now" data-value={catalog.active ?? ''}>
        {catalog.active ? (
          <>
            Running <strong>{catalog.active}</strong>: search is hybrid (meaning + keywords).
          </>
        ) : (
          <>
            <strong>Keyword-only.</strong>{' '}
            {catalog.problem ? reasonHeadline(catalog.problem) : 'No embedding model is set up'}.{' '}
            {catalog.problem && catalog.problem !== reasonHeadline(catalog.problem) && (
              <button
                type="button"
                className="link-button"
                data-testid="model-details-toggle"
                onClick={() => setShowDetails(!showDetails)}
              >
                {showDetails ? 'Hide details' : 'Details'}
              </button>
            )}
          </>
        )}
      </p>
      {showDetails && catalog.problem && (
        <pre className="settings-details" data-testid="model-details">
          {catalog.problem}
        </pre>
      )}
      {!catalog.active && recommended && (
        <p className="model-recommended" data-testid="model-recommended" data-id={recommended.id}>
          <span>
            Recommended first model: <strong>{recommended.id}</strong> (
            {recommended.installed
              ? 'in the models folder'
              : recommended.downloadBytes
                ? `≈${formatBytes(recommended.downloadBytes)} to download once`
                : 'download size unknown'}
            ; {recommended.languages}): search finds notes by what they mean, also across languages.
          </span>
          {choice !== recommended.id && (
            <button
              type="button"
              className="link-button"
              data-testid="model-recommended-choose"
              onClick={() => setChoice(recommended.id)}
            >
              Choose it
            </button>
          )}
        </p>
      )}
      {catalog.fixedByCommandLine && (
        <p className="notice notice--info">
          The model was chosen on the command line (--model); changes here apply when Memory Lens starts without it.
        </p>
      )}

      <fieldset className="model-list">
        <legend>Embedding model</legend>
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
                      recommended
                    </span>
                  </>
                )}
              </span>
              <span className="muted">
                {m.languages}
                {m.dims ? ` · ${m.dims} dims` : ''} ·{' '}
                {m.installed ? (
                  <span className="badge badge--ok">installed</span>
                ) : (
                  <>download {m.downloadBytes ? `≈${formatBytes(m.downloadBytes)}` : 'size unknown'}</>
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
            <span>Another transformers.js model</span>
            <input
              type="text"
              placeholder="org/model-name"
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
          <span className="model-option__body">No model: keyword search only</span>
        </label>
      </fieldset>
      {chosen && (
        <p className="field-note" data-testid="model-notes">
          {chosen.notes}
        </p>
      )}

      <label className="form__row">
        <span>
          Models folder{' '}
          <span className="muted">(holds one folder per model id; put a downloaded model there to run offline)</span>
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
        <legend className="sr-only">Downloads</legend>
        {(catalog.canAsk ? (['ask', 'yes', 'no'] as const) : (['yes', 'no'] as const)).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="allow-download"
              value={value}
              checked={allowDownload === value || (!catalog.canAsk && value === 'no' && allowDownload === 'ask')}
              data-testid={`allow-download-${value}`}
              onChange={() => setAllowDownload(value)}
            />
            {value === 'yes'
              ? ' Allow downloads from the Hugging Face hub'
              : value === 'no'
                ? ' Never download'
                : ' Ask first'}
          </label>
        ))}
      </fieldset>
      {needsDownload && !downloadsOn && chosenId && (
        <p className="field-note" data-testid="model-needs-download">
          {chosenId} is not in the models folder: allow downloads, or put its files in{' '}
          {chosen?.dir ?? catalog.modelsDir}.
        </p>
      )}
      {needsDownload && downloadsOn && chosen?.downloadBytes && (
        <p className="field-note">
          Switching downloads about {formatBytes(chosen.downloadBytes)} once, then rebuilds the index with the new model
          (the old index answers meanwhile).
        </p>
      )}
      <div className="settings-actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="model-apply"
          disabled={!dirty || applying || (choice === 'custom' && !custom.trim())}
          onClick={() => onApply({ id: chosenId || null, modelsDir: modelsDir.trim() || null, allowDownload })}
        >
          {applying ? 'Switching…' : 'Use this model'}
        </button>
        {dirty && !applying && <span className="muted">Not applied yet.</span>}
      </div>

      {(applying || progress) && (
        <div className="model-progress" data-testid="model-progress" data-phase={progress?.phase ?? 'starting'}>
          {!progress && <span>Opening {chosenId || 'the index'}…</span>}
          {progress && (progress.phase === 'loading' || progress.phase === 'downloading') && (
            <>
              <span>
                {progress.phase === 'downloading' ? 'Downloading' : 'Loading'} {progress.modelId}
                {progress.total ? `: ${formatBytes(progress.loaded ?? 0)} of ${formatBytes(progress.total)}` : '…'}
              </span>
              <progress max={1} value={fraction ?? undefined} />
            </>
          )}
          {progress?.phase === 'ready' && <span data-testid="model-ready">{progress.modelId} is running.</span>}
          {progress?.phase === 'failed' && (
            <span className="notice notice--error" data-testid="model-failed">
              {progress.modelId} did not load: {reasonHeadline(progress.message ?? 'unknown error')}
            </span>
          )}
          {indexProgress &&
            (indexProgress.phase === 'rebuilding' ||
              indexProgress.phase === 'embedding' ||
              indexProgress.phase === 'indexing') && (
              <span data-testid="model-rebuild">
                {indexProgress.phase === 'embedding' && indexProgress.chunksTotal
                  ? `Embedding ${indexProgress.chunksDone ?? 0} of ${indexProgress.chunksTotal} chunks`
                  : `Rebuilding the index: ${indexProgress.filesDone} of ${indexProgress.filesTotal} files`}
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
