import { brandingApi, type OemBranding } from '@linq/contract';
import { create } from 'zustand';
import { call } from '../api/call.ts';

interface ThemeStore {
  /** Branding of the OEM serving this host (GET /oems), stored as themes. */
  themes: OemBranding | null;
  needsReload: boolean;
  /** Whether the first fetch has finished (successfully or not), so titles no longer flash the default. */
  settled: boolean;
  /** Marks the theme stale so the next fetch bypasses the response cache (e.g. after an OEM edit). */
  flagReload: () => void;
  fetchThemes: (domain: string) => Promise<void>;
}

export const useThemeStore = create<ThemeStore>()((set, get) => ({
  themes: null,
  needsReload: false,
  settled: false,
  flagReload: () => set({ needsReload: true }),
  async fetchThemes(domain) {
    try {
      const { data } = await call(
        brandingApi.byDomain,
        { query: { domain } },
        { handles: 'all', fresh: get().needsReload },
      );
      set({ themes: data, needsReload: false, settled: true });
    } catch (error) {
      // Branding failures are only logged (spec section 8).
      console.error('Branding could not be loaded', error);
      set({ settled: true });
    }
  },
}));
