import { useTranslation } from 'react-i18next';

/** The Doctor's name in the view switcher, with what it checks as its tooltip. */
export function DoctorViewLabel() {
  const { t } = useTranslation('doctor');
  return <span title={t('viewTitle')}>{t('title')}</span>;
}
