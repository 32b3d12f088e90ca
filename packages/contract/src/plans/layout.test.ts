import { describe, expect, it } from 'vitest';
import {
  FIRST_BOX_ID,
  PLAN_LAYOUT,
  boxId,
  childPosition,
  firstBox,
  newChildBox,
  nextBoxIndex,
  parseBoxId,
  resizeBoxes,
} from './layout.ts';
import type { PlanAction } from './model.ts';

/** A plan grown the way the editor grows it: box-0 and children added one by one. */
function grow(first: PlanAction, parentIds: string[]): PlanAction[] {
  return parentIds.reduce<PlanAction[]>(
    (actions, parentId) => {
      const parent = actions.find((action) => action.box_id === parentId);
      if (!parent) throw new Error(`no ${parentId}`);
      return [...actions, newChildBox(actions, parent)];
    },
    [first],
  );
}

const at = (actions: PlanAction[], id: string) => {
  const found = actions.find((action) => action.box_id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('plan diagram layout (spec section 9)', () => {
  it('first box: box-0 at x 250, y 50', () => {
    const first = firstBox();
    expect(first).toMatchObject({ box_id: 'box-0', box_level: 0, box_index: 0, x: 250, y: 50, parent_box_id: null });
    expect(first.box_width).toBe(150);
  });

  it('a child sits 200 units below its parent, or 300 below a carousel parent', () => {
    const text = firstBox('text_message');
    expect(childPosition([text], text).y).toBe(250);
    const carousel = firstBox('carousel');
    expect(childPosition([carousel], carousel).y).toBe(350);
    const deeper = grow(firstBox(), ['box-0', 'box-1-0']);
    expect(at(deeper, 'box-2-0').y).toBe(at(deeper, 'box-1-0').y + 200);
  });

  it('sibling spacing is 100 plus the previous box width (default 150)', () => {
    const actions = grow(firstBox('confirm'), ['box-0', 'box-0', 'box-0']);
    expect(actions.slice(1).map((action) => action.x)).toEqual([420, 670, 920]);
    const widened = actions.map((action) => (action.box_id === 'box-1-2' ? { ...action, box_width: 300 } : action));
    expect(newChildBox(widened, at(widened, 'box-0')).x).toBe(920 + 300 + 100);
  });

  it('first-level boxes start at x 420 or 600 (600 under a carousel box-0)', () => {
    const text = firstBox('text_message');
    expect(newChildBox([text], text).x).toBe(420);
    const carousel = firstBox('carousel');
    expect(newChildBox([carousel], carousel).x).toBe(600);
    expect(PLAN_LAYOUT.firstLevelX).toBe(420);
    expect(PLAN_LAYOUT.firstLevelXUnderCarousel).toBe(600);
  });

  it('the first box of a deeper level sits straight below its parent; removed boxes take no room', () => {
    const actions = grow(firstBox(), ['box-0', 'box-1-0']);
    expect(at(actions, 'box-2-0').x).toBe(at(actions, 'box-1-0').x);
    const removed = actions.map((action) => (action.box_id === 'box-2-0' ? { ...action, _destroy: true } : action));
    expect(newChildBox(removed, at(removed, 'box-1-0')).x).toBe(at(actions, 'box-1-0').x);
  });

  it('resize keeps 100 units of spacing: later boxes on the same level shift by the change in width', () => {
    const actions = grow(firstBox('confirm'), ['box-0', 'box-0', 'box-0', 'box-1-0']);
    const resized = resizeBoxes(actions, 'box-1-0', { width: 250, height: 180 });
    expect(at(resized, 'box-1-0')).toMatchObject({ x: 420, box_width: 250, box_height: 180 });
    expect(at(resized, 'box-1-1').x - (420 + 250)).toBe(100);
    expect(at(resized, 'box-1-2').x - (at(resized, 'box-1-1').x + 150)).toBe(100);
    expect(at(resized, 'box-2-0').x).toBe(at(actions, 'box-2-0').x);
    const shrunk = resizeBoxes(resized, 'box-1-0', { width: 100, height: 100 });
    expect(at(shrunk, 'box-1-1').x).toBe(420 + 100 + 100);
  });
});

describe('box ids (spec section 3: box-{level}-{index})', () => {
  it('box ids are box-{level}-{index}, the first one box-0', () => {
    expect(boxId(0, 0)).toBe(FIRST_BOX_ID);
    expect(boxId(2, 5)).toBe('box-2-5');
    expect(parseBoxId('box-0')).toEqual({ level: 0, index: 0 });
    expect(parseBoxId('box-3-12')).toEqual({ level: 3, index: 12 });
    for (const bad of ['box-0-1', 'box-1', 'box-01-2', 'box-1-02', 'box-a-b', 'Box-1-1', 'box-1-1 ']) {
      expect(parseBoxId(bad)).toBeNull();
    }
  });

  it('a new box takes the next index of its level; a removed box keeps its index taken', () => {
    const actions = grow(firstBox('confirm'), ['box-0', 'box-0']);
    expect(nextBoxIndex(actions, 1)).toBe(2);
    expect(nextBoxIndex(actions, 2)).toBe(0);
    const removed = actions.map((action) => (action.box_id === 'box-1-1' ? { ...action, _destroy: true } : action));
    expect(newChildBox(removed, at(removed, 'box-0')).box_id).toBe('box-1-2');
  });

  it('a child records its parent and every ancestor from box-0', () => {
    const actions = grow(firstBox(), ['box-0', 'box-1-0']);
    expect(at(actions, 'box-2-0')).toMatchObject({
      box_level: 2,
      parent_box_id: 'box-1-0',
      parent_box_ids: ['box-0', 'box-1-0'],
    });
  });
});
