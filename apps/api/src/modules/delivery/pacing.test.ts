import { describe, expect, it } from 'vitest';
import { ChannelPacing, type PacingTimer } from './pacing.ts';

/** A timer that only moves when a request waits: the wait is recorded and the clock jumps by it. */
function steppedTimer() {
  let now = 0;
  const waits: number[] = [];
  const timer: PacingTimer = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  return { timer, waits, advance: (ms: number) => (now += ms) };
}

describe('a channel’s pacing', () => {
  it('runs at most `concurrency` tasks at once, and every task', async () => {
    const pacing = new ChannelPacing(3, 200);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pacing.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
          done.push(i);
        }),
      ),
    );
    expect(most).toBe(3);
    expect(done.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a failing task frees its slot', async () => {
    const pacing = new ChannelPacing(1, 200);
    await expect(pacing.run(() => Promise.reject(new Error('LINE')))).rejects.toThrow('LINE');
    expect(await pacing.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('starts at most `perSecond` requests in any second', async () => {
    const { timer, waits, advance } = steppedTimer();
    const pacing = new ChannelPacing(8, 3, timer);
    await Promise.all([pacing.requestSlot(), pacing.requestSlot(), pacing.requestSlot()]);
    expect(waits).toEqual([]);
    advance(400);
    // The fourth waits until the first is a second old; the fifth until the second is.
    await Promise.all([pacing.requestSlot(), pacing.requestSlot()]);
    expect(waits).toEqual([600]);
    advance(2000);
    await pacing.requestSlot();
    expect(waits).toEqual([600]);
  });
});
