import { describe, expect, it } from 'vitest';
import { channelSwitchTarget, laidOf, searchWithLaid, switchesChannel, withTabChannel } from './channel-address.ts';

describe('laidOf', () => {
  it('reads laid from a query string, with or without its question mark', () => {
    expect(laidOf('?laid=2&page=3')).toBe('2');
    expect(laidOf('page=3&laid=7')).toBe('7');
    expect(laidOf('?page=3')).toBeNull();
    expect(laidOf('?laid=')).toBeNull();
    expect(laidOf('')).toBeNull();
  });
});

describe('searchWithLaid', () => {
  it('adds laid after the parameters there are, leaving how they are written alone', () => {
    expect(searchWithLaid('', 4)).toBe('?laid=4');
    expect(searchWithLaid('?', 4)).toBe('?laid=4');
    expect(searchWithLaid('?tag_ids[]=1&tag_ids[]=2', 4)).toBe('?tag_ids[]=1&tag_ids[]=2&laid=4');
  });

  it('replaces a laid there is, wherever it stands', () => {
    expect(searchWithLaid('?laid=1&folder_id=3', 4)).toBe('?folder_id=3&laid=4');
    expect(searchWithLaid('?laid', 4)).toBe('?laid=4');
    expect(searchWithLaid('?laidx=1', 4)).toBe('?laidx=1&laid=4');
  });
});

describe('withTabChannel', () => {
  it('adds the tab’s channel to a service screen that names none', () => {
    expect(withTabChannel('/service/plans', 3)).toBe('/service/plans?laid=3');
    expect(withTabChannel('/service/plans/create?folder_id=5', 3)).toBe('/service/plans/create?folder_id=5&laid=3');
    expect(withTabChannel('/service/talks/12#latest', 3)).toBe('/service/talks/12?laid=3#latest');
    expect(withTabChannel({ pathname: '/service/friends', search: '?name=a' }, 3)).toEqual({
      pathname: '/service/friends',
      search: '?name=a&laid=3',
    });
  });

  it('keeps a target that names a channel already', () => {
    expect(withTabChannel('/service/tags?laid=1', 3)).toBe('/service/tags?laid=1');
  });

  it('keeps targets outside the channel screens, relative ones, and everything while the tab has no channel', () => {
    for (const to of ['/service/login', '/service/logged-out', '/account/users', '/admin', '/', '?page=2', 'edit']) {
      expect(withTabChannel(to, 3)).toBe(to);
    }
    expect(withTabChannel({ search: '?page=2' }, 3)).toEqual({ search: '?page=2' });
    expect(withTabChannel('/service/plans', null)).toBe('/service/plans');
  });
});

describe('switchesChannel', () => {
  it('is a move between two addresses naming different channels', () => {
    expect(switchesChannel({ search: '?laid=1' }, { search: '?laid=2&page=3' })).toBe(true);
    expect(switchesChannel({ search: '?laid=1' }, { search: '?laid=1&page=3' })).toBe(false);
  });

  it('is no switch while either address names no channel', () => {
    expect(switchesChannel({ search: '' }, { search: '?laid=2' })).toBe(false);
    expect(switchesChannel({ search: '?laid=2' }, { search: '?page=1' })).toBe(false);
  });
});

describe('channelSwitchTarget', () => {
  it('stays on the screen, with only the new laid', () => {
    expect(channelSwitchTarget('/service/friends', 2)).toBe('/service/friends?laid=2');
    expect(channelSwitchTarget('/service/templates/carousel', 2)).toBe('/service/templates/carousel?laid=2');
    expect(channelSwitchTarget('/service/plans/create', 2)).toBe('/service/plans/create?laid=2');
  });

  it('goes from a record of the old channel to the list it belongs to', () => {
    expect(channelSwitchTarget('/service/talks/12', 2)).toBe('/service/talks?laid=2');
    expect(channelSwitchTarget('/service/plans/5/edit', 2)).toBe('/service/plans?laid=2');
    expect(channelSwitchTarget('/service/templates/carousel/edit/3', 2)).toBe('/service/templates/carousel?laid=2');
    expect(channelSwitchTarget('/service/inflows/4/Chart/ProfileChart', 2)).toBe('/service/inflows?laid=2');
  });
});
