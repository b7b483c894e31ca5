import { COLOR_PRESETS, FONT_FAMILIES, settingsStore, type Settings } from '../providers/settings';

/** The preferences every page shows, antd or not: theme, primary colour and font on <html>. */
function apply(settings: Settings): void {
  const root = document.documentElement;
  root.dataset.theme = settings.theme;
  root.style.setProperty('--edp-primary', COLOR_PRESETS[settings.colorPreset]);
  root.style.fontFamily = FONT_FAMILIES[settings.fontFamily];
  root.style.fontSize = `${settings.fontSize}px`;
}

/**
 * Puts the stored preferences on <html> now, before the first render, and again on every change;
 * returns the unsubscription. Put there by an effect, they came after the first page was drawn, and a
 * new font on <html> restyled and laid out that whole page a second time.
 */
export function followDocumentPreferences(): () => void {
  apply(settingsStore.get());
  return settingsStore.subscribe(() => apply(settingsStore.get()));
}
