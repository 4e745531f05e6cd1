import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { EndpointKeyStatus } from '../../../../../shared/endpoint-key-schemas';
import { keyStoreReasonOf } from '../../../../../shared/key-store';

interface EndpointKeyFieldProps {
  status: EndpointKeyStatus | null;
  onStore(key: string): Promise<boolean>;
  onForget(): void;
}

/**
 * The endpoint's key kept in the OS keychain (desktop app). The typed key goes to the host once and
 * the field is cleared; the view only ever learns "a key is stored".
 */
export function EndpointKeyField({ status, onStore, onForget }: EndpointKeyFieldProps) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState('');
  if (!status) return null;
  if (!status.available) {
    return (
      <p className="muted" data-testid="endpoint-key-unavailable">
        {t('key.unavailable', {
          reason: status.unavailableReason ? reasonText(t, status.unavailableReason) : t('key.noKeychain'),
        })}
      </p>
    );
  }
  return (
    <div className="endpoint-key" data-testid="endpoint-key">
      {status.stored ? (
        <p data-testid="endpoint-key-stored">
          {t('key.stored')}{' '}
          <button type="button" data-testid="endpoint-key-forget" onClick={onForget}>
            {t('key.forget')}
          </button>
        </p>
      ) : (
        <label>
          {t('key.label')}{' '}
          <input
            type="password"
            autoComplete="off"
            data-testid="endpoint-key-input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />{' '}
          <button
            type="button"
            data-testid="endpoint-key-store"
            disabled={!draft.trim()}
            onClick={() => void onStore(draft.trim()).then((stored) => stored && setDraft(''))}
          >
            {t('key.store')}
          </button>
        </label>
      )}
      {status.unavailableReason && <p className="notice notice--warning">{reasonText(t, status.unavailableReason)}</p>}
    </div>
  );
}

/** The host's reason (English, as the API carries it) in the interface's language when it is one of ours. */
function reasonText(t: TFunction, reason: string): string {
  const known = keyStoreReasonOf(reason);
  return known ? t(`errors:endpointKey.reason.${known}`) : reason;
}
