import { useEffect } from 'react';
import { COLOR_PRESETS, FONT_FAMILIES, useSettings } from '../providers/settings';

/** The preferences every page shows, antd or not: theme, primary colour and font on <html>. */
export function useDocumentPreferences(): void {
  const settings = useSettings();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = settings.theme;
    root.style.setProperty('--edp-primary', COLOR_PRESETS[settings.colorPreset]);
    root.style.fontFamily = FONT_FAMILIES[settings.fontFamily];
    root.style.fontSize = `${settings.fontSize}px`;
  }, [settings]);
}
