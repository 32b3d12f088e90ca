import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';
import { en } from './en.ts';
import { ja } from './ja.ts';

export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

function storedLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.locale);
  return LANGUAGES.find((language) => language === stored) ?? 'ja';
}

void i18n.use(initReactI18next).init({
  resources: { ja: { translation: ja }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'ja',
  interpolation: { escapeValue: false }, // React escapes text itself.
  initAsync: false,
  showSupportNotice: false,
});
// Unit tests word texts without a page.
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/**
 * The texts every area or feature adds, by the file that adds them: each such file (`parts/*.ts`, or a
 * feature's own) augments this interface with its entry (`declare module '…/i18n/index.ts'`), so the
 * typed keys of `t` include its texts without a central list.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface StringParts {}

/** UI texts of one area or feature, in both languages (the Japanese ones give the keys). */
export interface Strings<T extends object> {
  ja: T;
  en: T;
}

/**
 * Adds an area's or a feature's texts to the shell's. Every module that words a text imports the texts'
 * file itself (parts.test.ts checks it), so the texts load with the screens that show them, whichever
 * page is opened first, and are there before those screens render.
 */
export function addStrings<T extends object>({ ja: japanese, en: english }: Strings<T>): void {
  i18n.addResourceBundle('ja', 'translation', japanese, true);
  i18n.addResourceBundle('en', 'translation', english, true);
}

export function currentLanguage(language: string): Language {
  return LANGUAGES.find((candidate) => candidate === language) ?? 'ja';
}

/** Switches the UI language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.locale, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
