import { tutorialsApi } from '@linq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { call } from '../api/call.ts';
import { sessionQuery, useSession } from '../session.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';
import { isTutorialHidden, mergeScreens, parseStoredScreens } from './tutorial-state.ts';

interface StoredScreens {
  screens: string[];
  set(screens: string[]): void;
}

/** The locally stored hide_tutorial_screens, shared by every tutorial on the page. */
const useStoredScreens = create<StoredScreens>((set) => ({
  screens: parseStoredScreens(readStored(STORAGE_KEYS.hiddenTutorialScreens)),
  set(screens) {
    writeStored(STORAGE_KEYS.hiddenTutorialScreens, JSON.stringify(screens));
    set({ screens });
  },
}));

/** Whether a service screen's tutorial shows, and its "do not show again" action. */
export function useTutorial(screen: string) {
  const session = useSession('service');
  const queryClient = useQueryClient();
  const { screens, set } = useStoredScreens();
  const hidden = mergeScreens(screens, session?.hide_tutorial_screens ?? []);

  async function dismiss() {
    const before = screens;
    set(mergeScreens(screens, [screen]));
    try {
      const { data } = await call(tutorialsApi.hide, { body: { screen } });
      set(mergeScreens(useStoredScreens.getState().screens, data.hide_tutorial_screens));
      queryClient.setQueryData(sessionQuery('service').queryKey, (current) =>
        current ? { ...current, hide_tutorial_screens: data.hide_tutorial_screens } : current,
      );
    } catch {
      // The request layer has told the user; the tutorial comes back so nothing looks saved that is not.
      set(before);
    }
  }

  return { visible: !isTutorialHidden(screen, hidden), dismiss };
}
