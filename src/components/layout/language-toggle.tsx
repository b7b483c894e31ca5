import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../providers/i18n';
import { LANGUAGES } from '../../schemas/languages';

/** Spec §2: switches between Chinese and English; the choice is remembered. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Dropdown
      menu={{
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`layout:language.${language}`) })),
        onClick: ({ key }) => void changeLanguage(key as (typeof LANGUAGES)[number]),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout:language.toggle')} data-testid="language-toggle">
        {t(`layout:language.${current}`)}
      </Button>
    </Dropdown>
  );
}
