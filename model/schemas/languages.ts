/** Spec §9: zh_CN is the default language, en_US the other. Server messages are maps over these. */
export const LANGUAGES = ['zh_CN', 'en_US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh_CN';

export type LocalizedText = Record<Language, string>;
