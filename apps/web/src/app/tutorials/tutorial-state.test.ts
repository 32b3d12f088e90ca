import { describe, expect, it } from 'vitest';
import { isTutorialHidden, mergeScreens, parseStoredScreens } from './tutorial-state.ts';

describe('user tutorial setting', () => {
  it('reads the locally stored hide_tutorial_screens list, ignoring anything unreadable', () => {
    expect(parseStoredScreens('["friends","talks"]')).toEqual(['friends', 'talks']);
    expect(parseStoredScreens(null)).toEqual([]);
    expect(parseStoredScreens('not json')).toEqual([]);
    expect(parseStoredScreens('{"friends":true}')).toEqual([]);
    expect(parseStoredScreens('["tags",3,null]')).toEqual(['tags']);
  });

  it('hides a screen that either the local or the server list names', () => {
    const hidden = mergeScreens(['friends'], ['talks', 'friends']);
    expect(hidden).toEqual(['friends', 'talks']);
    expect(isTutorialHidden('talks', hidden)).toBe(true);
    expect(isTutorialHidden('friends', hidden)).toBe(true);
    expect(isTutorialHidden('tags', hidden)).toBe(false);
  });
});
