import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecretMaskStrings } from './secret-mask-extension';

/**
 * The mask widgets' words, read each time a widget is drawn: a language switch shows in the next
 * widgets drawn without a new editor state. Pass the returned getter to secretMaskExtension.
 */
export function useSecretMaskStrings(): () => SecretMaskStrings {
  const { t } = useTranslation('secrets');
  const strings = useRef<SecretMaskStrings | null>(null);
  strings.current = {
    reveal: t('mask.reveal'),
    hide: t('mask.hide'),
    copy: t('mask.copy'),
    copied: t('mask.copied'),
    maskedTitle: (kind) => t('mask.title', { kind: t(`kind.${kind}`, { defaultValue: kind }) }),
  };
  const get = useRef(() => strings.current!);
  return get.current;
}
