import { describe, expect, it } from 'vitest';
import { eachLimited, eventsByFriend } from './process.ts';

describe('eventsByFriend', () => {
  it('keeps each friend’s events in order, one line per friend and one for events without a user', () => {
    const events = [
      { id: 1, lineUserId: 'Ua' },
      { id: 2, lineUserId: null },
      { id: 3, lineUserId: 'Ub' },
      { id: 4, lineUserId: 'Ua' },
      { id: 5, lineUserId: null },
      { id: 6, lineUserId: 'Ub' },
    ];
    expect(eventsByFriend(events).map((line) => line.map((event) => event.id))).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ]);
  });
});

describe('eachLimited', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      done.push(item);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
});
