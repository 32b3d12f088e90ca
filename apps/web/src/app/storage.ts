/** Local storage keys (spec section 9) and safe accessors: storage may be unavailable (private mode, tests). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  lineAccountId: 'laid',
  lineAccountStatus: 'statusLineAccount',
  locale: 'locale',
  /** The screens whose tutorial the user dismissed (JSON list, spec section 3 "User tutorial setting"). */
  hiddenTutorialScreens: 'hide_tutorial_screens',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStored(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes the value, or removes the key when the value is null. */
export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the app keeps working for this page view.
  }
}
