import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../providers/i18n';
import '../inputs/plain-input.css';

/** Spec §2: toggles between Chinese and English; the choice is remembered. Shows the language it switches to. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const next = currentLanguage() === 'zh_CN' ? 'en_US' : 'zh_CN';
  return (
    <button
      type="button"
      className="edp-text-button"
      title={t('layout:language.toggle')}
      onClick={() => void changeLanguage(next)}
      data-testid="language-toggle"
    >
      <TranslationOutlined />
      {t(`layout:language.${next}`)}
    </button>
  );
}
