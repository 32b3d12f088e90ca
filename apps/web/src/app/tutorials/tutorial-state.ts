/*
 * The user tutorial setting (spec section 3): hide_tutorial_screens, the screens whose tutorial the
 * user dismissed, is kept by the server and stored locally. The local copy hides a tutorial at once
 * on the next visit, before the session has loaded, and on a device where the dismissal is not yet
 * saved the server's list still applies: a screen is hidden when either list has it.
 */

/** The stored list; anything unreadable (edited by hand, an older format) counts as empty. */
export function parseStoredScreens(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Both lists, in order, without repeats. */
export function mergeScreens(local: readonly string[], server: readonly string[]): string[] {
  return [...new Set([...local, ...server])];
}

export function isTutorialHidden(screen: string, hidden: readonly string[]): boolean {
  return hidden.includes(screen);
}
