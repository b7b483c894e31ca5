import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useSettings, type Settings } from '../providers/settings';
import { themeTokens } from './theme-tokens';

export const themeConfig = (settings: Settings) => ({
  algorithm: settings.theme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
  token: themeTokens(settings),
});

/** antd follows the stored preferences, static notices included. Wraps the pages drawn with antd. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const config = useMemo(() => themeConfig(settings), [settings]);
  useEffect(() => ConfigProvider.config({ holderRender: (node) => <ConfigProvider theme={config}>{node}</ConfigProvider> }), [config]);
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}
