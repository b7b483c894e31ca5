import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from './storage-keys.ts';

/** Spec §2/§4 preferences, persisted under `settings`. */
export const COLOR_PRESETS = {
  default: '#ff6a00',
  cyan: '#13c2c2',
  purple: '#722ed1',
  blue: '#1677ff',
  orange: '#fa8c16',
  red: '#f5222d',
} as const;
export type ColorPreset = keyof typeof COLOR_PRESETS;

/**
 * The Chinese UI fonts of macOS, Windows and Linux, named before a stack's generic family: a browser
 * otherwise asks the system for a font glyph by glyph, which on Linux cost a cold list about a
 * third of its layout, and may pick a font the page never chose.
 */
const CHINESE_SANS = [
  'PingFang SC',
  'Hiragino Sans GB',
  'Microsoft YaHei',
  'Noto Sans CJK SC',
  'Source Han Sans SC',
  'WenQuanYi Micro Hei',
  'Droid Sans Fallback',
];
/** CHINESE_SANS, `first` put first. */
const chineseSans = (first?: string) => [...new Set([...(first ? [first] : []), ...CHINESE_SANS])].map((font) => `"${font}"`).join(', ');

export const FONT_FAMILIES = {
  system: `-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", ${chineseSans()}, sans-serif`,
  pingfang: `${chineseSans('PingFang SC')}, sans-serif`,
  yahei: `${chineseSans('Microsoft YaHei')}, sans-serif`,
  serif: 'Georgia, "Songti SC", SimSun, "Noto Serif CJK SC", "Source Han Serif SC", serif',
  mono: `Menlo, Consolas, "Liberation Mono", ${chineseSans()}, monospace`,
} as const;
export type FontFamily = keyof typeof FONT_FAMILIES;

export const FONT_SIZE = { min: 12, max: 20, default: 14 } as const;

export interface Settings {
  theme: 'light' | 'dark';
  colorPreset: ColorPreset;
  fontFamily: FontFamily;
  fontSize: number;
  layout: 'vertical' | 'mini';
}

export const DEFAULT_SETTINGS: Settings = { theme: 'light', colorPreset: 'default', fontFamily: 'system', fontSize: FONT_SIZE.default, layout: 'vertical' };

/** Stored values are checked one by one, so a stale or edited entry cannot break the console. */
function read(): Settings {
  const stored = readJson<Partial<Settings>>(STORAGE_KEYS.settings, {});
  const pick = <K extends keyof Settings>(key: K, valid: (value: unknown) => boolean): Settings[K] =>
    valid(stored[key]) ? (stored[key] as Settings[K]) : DEFAULT_SETTINGS[key];
  return {
    theme: pick('theme', (value) => value === 'light' || value === 'dark'),
    colorPreset: pick('colorPreset', (value) => typeof value === 'string' && value in COLOR_PRESETS),
    fontFamily: pick('fontFamily', (value) => typeof value === 'string' && value in FONT_FAMILIES),
    fontSize: pick('fontSize', (value) => Number.isInteger(value) && (value as number) >= FONT_SIZE.min && (value as number) <= FONT_SIZE.max),
    layout: pick('layout', (value) => value === 'vertical' || value === 'mini'),
  };
}

let current = read();
const listeners = new Set<() => void>();

export const settingsStore = {
  get: () => current,
  update(patch: Partial<Settings>): void {
    current = { ...current, ...patch };
    writeJson(STORAGE_KEYS.settings, current);
    listeners.forEach((listener) => listener());
  },
  reset(): void {
    settingsStore.update(DEFAULT_SETTINGS);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSettings = () => useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
