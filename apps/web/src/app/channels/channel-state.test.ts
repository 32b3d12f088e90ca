import type { LineAccount } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import {
  chooseLineAccount,
  chooseTabChannel,
  EMPTY_CHANNEL_STATE,
  isChoosingChannel,
  needsDetails,
  withRenamed,
} from './channel-state.ts';

const main: LineAccount = { id: 1, name: '本店', status: 'active' };
const online: LineAccount = { id: 2, name: 'オンライン', status: 'suspended' };
const list = [main, online];

describe('chooseLineAccount', () => {
  it('prefers laid from the query string', () => {
    expect(chooseLineAccount(list, '2', '1')).toBe(online);
  });

  it('falls back to laid from local storage', () => {
    expect(chooseLineAccount(list, null, '2')).toBe(online);
    expect(chooseLineAccount(list, '99', '2')).toBe(online);
  });

  it('falls back to the first channel, else none', () => {
    expect(chooseLineAccount(list, '99', '98')).toBe(main);
    expect(chooseLineAccount(list, null, null)).toBe(main);
    expect(chooseLineAccount([], '1', '1')).toBeNull();
  });
});

describe('chooseTabChannel', () => {
  const third: LineAccount = { id: 3, name: '駅前店', status: 'active' };
  const three = [main, online, third];

  it('follows laid in the tab’s address first', () => {
    expect(chooseTabChannel(three, '3', 1, '2')).toBe(third);
    expect(chooseTabChannel(three, '3', null, null)).toBe(third);
  });

  it('keeps the tab’s own channel when the address names none of the list, whatever local storage says', () => {
    expect(chooseTabChannel(three, null, 1, '2')).toBe(main);
    expect(chooseTabChannel(three, '99', 1, '2')).toBe(main);
  });

  it('gives a new tab local storage’s last choice, else the first, else none', () => {
    expect(chooseTabChannel(three, null, null, '2')).toBe(online);
    expect(chooseTabChannel(three, '99', null, '3')).toBe(third);
    expect(chooseTabChannel(three, null, null, null)).toBe(main);
    expect(chooseTabChannel([], '1', 1, '1')).toBeNull();
  });

  it('leaves a channel that is no longer listed', () => {
    expect(chooseTabChannel([online, third], null, 1, '3')).toBe(third);
    expect(chooseTabChannel([online, third], null, 1, null)).toBe(online);
  });
});

describe('isChoosingChannel', () => {
  it('is while the list loads, and while it has channels and the tab has none yet', () => {
    expect(isChoosingChannel('loading', [], null)).toBe(true);
    expect(isChoosingChannel('ready', list, null)).toBe(true);
  });

  it('is not once the tab has a channel, nor when there is none to choose or the list failed', () => {
    expect(isChoosingChannel('ready', list, 1)).toBe(false);
    expect(isChoosingChannel('ready', [], null)).toBe(false);
    expect(isChoosingChannel('failed', [], null)).toBe(false);
  });
});

describe('needsDetails', () => {
  it('skips the fetch only when the channel is already selected and stored', () => {
    expect(needsDetails(1, main, '1')).toBe(false);
    expect(needsDetails(1, main, null)).toBe(true);
    expect(needsDetails(1, null, '1')).toBe(true);
    expect(needsDetails(2, main, '2')).toBe(true);
  });
});

describe('withRenamed', () => {
  it('renames in both the list and the selection', () => {
    const state = withRenamed({ lineAccounts: list, selected: main }, { id: 1, name: '新本店' });
    expect(state.selected?.name).toBe('新本店');
    expect(state.lineAccounts.map((a) => a.name)).toEqual(['新本店', 'オンライン']);
  });

  it('leaves another selection alone', () => {
    const state = withRenamed({ lineAccounts: list, selected: online }, { id: 1, name: '新本店' });
    expect(state.selected).toBe(online);
  });

  it('does nothing on an empty state', () => {
    expect(withRenamed(EMPTY_CHANNEL_STATE, { id: 1, name: 'x' })).toEqual(EMPTY_CHANNEL_STATE);
  });
});
