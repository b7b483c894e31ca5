import { ConfigProvider, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { Settings } from '../../../providers/settings';
import { themeTokens } from '../../../boot/theme-tokens';
import { useDrawnSettings } from './use-drawn-settings';

/** `rewrite`: a token antd passes through and hashes, so a new value has it write every style anew. */
const themeConfig = (settings: Settings, rewrite = 0) => ({
  algorithm: settings.theme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
  token: { ...themeTokens(settings), ...(rewrite ? { edpStyleRewrite: rewrite } : {}) },
});

/** antd follows the stored preferences. Wraps the pages drawn with antd. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { settings, rewrite } = useDrawnSettings();
  const config = useMemo(() => themeConfig(settings, rewrite), [settings, rewrite]);
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}

// antd's static notices and dialogs (notification, Modal.info) are drawn outside the page's tree: in
// the same theme, wherever they come from (the sign-in page's notices load this module with them).
ConfigProvider.config({ holderRender: (node) => <ThemeProvider>{node}</ThemeProvider> });
