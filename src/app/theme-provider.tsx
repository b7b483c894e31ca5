import { App as AntdApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOR_PRESETS, FONT_FAMILIES, useSettings, type Settings } from '../providers/settings';

export const themeConfig = (settings: Settings) => ({
  algorithm: settings.theme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
  token: { colorPrimary: COLOR_PRESETS[settings.colorPreset], fontFamily: FONT_FAMILIES[settings.fontFamily], fontSize: settings.fontSize },
});

/** antd follows the stored preferences and the current language; static notices follow too. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const { i18n } = useTranslation();
  const english = i18n.language === 'en_US';
  const config = useMemo(() => themeConfig(settings), [settings]);
  dayjs.locale(english ? 'en' : 'zh-cn');

  useEffect(() => {
    ConfigProvider.config({ holderRender: (node) => <ConfigProvider theme={config} locale={english ? enUS : zhCN}>{node}</ConfigProvider> });
    const root = document.documentElement;
    root.style.setProperty('--edp-primary', config.token.colorPrimary);
    root.dataset.theme = settings.theme;
  }, [config, english, settings.theme]);

  return (
    <ConfigProvider theme={config} locale={english ? enUS : zhCN}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
