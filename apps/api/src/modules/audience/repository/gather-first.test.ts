import { describe, expect, it } from 'vitest';
import { gatherFirst } from './read.ts';

describe('gatherFirst: a page of an audience gathered and sorted, or read by walking the order', () => {
  it('gathers a rare label’s friends, walks for a common one', () => {
    // 949 of 1,000,000: 21,000 friends tested by a walk to page 1, against 949 read.
    expect(gatherFirst(949, 20, 1_000_000)).toBe(true);
    // 99,643 of 1,000,000: the first 200 or so friends of the order hold page 1.
    expect(gatherFirst(99_643, 20, 1_000_000)).toBe(false);
  });

  it('gathers for a page deep in the list, which the walk reaches only through the rows before it', () => {
    expect(gatherFirst(99_643, 20, 1_000_000)).toBe(false);
    expect(gatherFirst(99_643, 20_000, 1_000_000)).toBe(true);
  });

  it('gathers a channel smaller than the page', () => {
    expect(gatherFirst(4, 20, 4)).toBe(true);
    expect(gatherFirst(0, 20, 0)).toBe(false);
  });
});
