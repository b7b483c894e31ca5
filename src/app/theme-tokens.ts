import { COLOR_PRESETS, FONT_FAMILIES, type Settings } from '../providers/settings';

/** antd's seed tokens for the stored preferences (the algorithm, light or dark, is chosen beside them). */
export const themeTokens = (settings: Settings) => ({
  colorPrimary: COLOR_PRESETS[settings.colorPreset],
  fontFamily: FONT_FAMILIES[settings.fontFamily],
  fontSize: settings.fontSize,
});
