import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../../../shared/i18n';
import type { LanguageSetting } from '../../../../../shared/settings-schema';
import { localeFor } from '../../../lib/i18n';

interface LanguageSectionProps {
  value: LanguageSetting;
  onChange(language: LanguageSetting): void;
  /** Until the saved settings are read: a choice made before would be undone by them. */
  disabled?: boolean;
}

/** Each language named in itself, so a reader finds theirs whatever the interface shows now. */
export function LanguageSection({ value, onChange, disabled = false }: LanguageSectionProps) {
  const { t } = useTranslation('app');
  const system = localeFor('system');
  return (
    <section className="settings-section" data-testid="settings-section-language">
      <h3>{t('language.label')}</h3>
      <select
        value={value}
        data-testid="language-select"
        disabled={disabled}
        aria-label={t('language.label')}
        onChange={(e) => onChange(e.target.value as LanguageSetting)}
      >
        <option value="system">{t('language.system', { language: t(`language.${system}`) })}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </section>
  );
}
