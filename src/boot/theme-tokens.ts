import { COLOR_PRESETS, DEFAULT_SETTINGS, FONT_FAMILIES, type Settings } from '../providers/settings.ts';

/** antd's seed tokens for the stored preferences (the algorithm, light or dark, is chosen beside them). */
export const themeTokens = (settings: Settings) => ({
  colorPrimary: COLOR_PRESETS[settings.colorPreset],
  fontFamily: FONT_FAMILIES[settings.fontFamily],
  fontSize: settings.fontSize,
});

/** Whether antd's styles for these preferences are in the built stylesheets (scripts/antd-static-style.ts: the defaults). */
export const inBuiltSheets = (settings: Settings) =>
  settings.theme === DEFAULT_SETTINGS.theme && JSON.stringify(themeTokens(settings)) === JSON.stringify(themeTokens(DEFAULT_SETTINGS));
