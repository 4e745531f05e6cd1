import { useState } from 'react';
import type { EndpointKeyStatus } from '../../../../../shared/endpoint-key-schemas';

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
  const [draft, setDraft] = useState('');
  if (!status) return null;
  if (!status.available) {
    return (
      <p className="muted" data-testid="endpoint-key-unavailable">
        Key in the OS keychain: not here — {status.unavailableReason ?? 'no keychain'}.
      </p>
    );
  }
  return (
    <div className="endpoint-key" data-testid="endpoint-key">
      {status.stored ? (
        <p data-testid="endpoint-key-stored">
          A key is stored in the OS keychain.{' '}
          <button type="button" data-testid="endpoint-key-forget" onClick={onForget}>
            Forget key
          </button>
        </p>
      ) : (
        <label>
          Key (kept in the OS keychain){' '}
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
            Store key
          </button>
        </label>
      )}
      {status.unavailableReason && <p className="notice notice--warning">{status.unavailableReason}</p>}
    </div>
  );
}
