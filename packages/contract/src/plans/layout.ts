import { emptyMessage } from '../message-builder/defaults.ts';
import type { MessageType } from '../message-builder/model.ts';
import { toPlanMessage, type PlanAction } from './model.ts';

/*
 * The plan diagram's layout (spec section 9) and box ids (spec section 3: box-{level}-{index}).
 * Coordinates are the diagram's units (the editor draws one unit as one CSS pixel at zoom 1).
 */

export const PLAN_LAYOUT = {
  /** The first box, box-0. */
  firstBox: { x: 250, y: 50 },
  /** A child sits this far below its parent … */
  childOffsetY: 200,
  /** … or this far below a carousel parent (its cards make it taller). */
  carouselChildOffsetY: 300,
  /** Between the right edge of a box and the next box on its level. */
  siblingSpacing: 100,
  defaultBoxWidth: 150,
  /** The height the editor gives a box for one message (as GET /service/templates/{id} answers it). */
  defaultBoxHeight: 100,
  /**
   * The x of the first box of level 1. box-0 ends at 400 (250 + the default width 150), so
   * level 1 starts just right of it, at 420. A carousel box-0 is drawn wider (its cards side
   * by side) and its children hang lower (300 instead of 200), so they start further right, at
   * 600, which is what the spec's "420 or 600" chooses between.
   */
  firstLevelX: 420,
  firstLevelXUnderCarousel: 600,
} as const;

export const FIRST_BOX_ID = 'box-0';

/** box-{level}-{index}; the first box (level 0) is box-0. */
export function boxId(level: number, index: number): string {
  return level === 0 ? FIRST_BOX_ID : `box-${level}-${index}`;
}

/** The level and index a box id names, or null when it is not of the form box-0 / box-{level}-{index} (level ≥ 1). */
export function parseBoxId(id: string): { level: number; index: number } | null {
  if (id === FIRST_BOX_ID) return { level: 0, index: 0 };
  const match = /^box-([1-9]\d{0,3})-(0|[1-9]\d{0,5})$/.exec(id);
  return match ? { level: Number(match[1]), index: Number(match[2]) } : null;
}

/** The next free index on a level: one past the highest used there, removed boxes included (ids are never reused). */
export function nextBoxIndex(actions: readonly PlanAction[], level: number): number {
  const used = actions.filter((action) => action.box_level === level).map((action) => action.box_index);
  return used.length === 0 ? 0 : Math.max(...used) + 1;
}

function isDrawn(action: PlanAction): boolean {
  return !action._destroy;
}

/**
 * Where a new child of `parent` goes: 200 below it (300 below a carousel); on its level, 100 right
 * of the rightmost box there (sibling spacing 100 plus that box's width); the first box of level
 * 1 at x 420 (600 under a carousel), the first of a deeper level straight below its parent.
 */
export function childPosition(actions: readonly PlanAction[], parent: PlanAction): { x: number; y: number } {
  const level = parent.box_level + 1;
  const underCarousel = parent.message_type === 'carousel';
  const y = parent.y + (underCarousel ? PLAN_LAYOUT.carouselChildOffsetY : PLAN_LAYOUT.childOffsetY);
  const onLevel = actions.filter((action) => action.box_level === level && isDrawn(action));
  const rightmost = onLevel.reduce<PlanAction | null>(
    (right, action) => (right === null || action.x > right.x ? action : right),
    null,
  );
  if (rightmost) return { x: rightmost.x + rightmost.box_width + PLAN_LAYOUT.siblingSpacing, y };
  if (level === 1) {
    return { x: underCarousel ? PLAN_LAYOUT.firstLevelXUnderCarousel : PLAN_LAYOUT.firstLevelX, y };
  }
  return { x: parent.x, y };
}

function box(
  fields: Pick<PlanAction, 'box_level' | 'box_index' | 'parent_box_id' | 'parent_box_ids' | 'x' | 'y'>,
  type: MessageType,
): PlanAction {
  return {
    id: null,
    box_id: boxId(fields.box_level, fields.box_index),
    ...fields,
    box_width: PLAN_LAYOUT.defaultBoxWidth,
    box_height: PLAN_LAYOUT.defaultBoxHeight,
    diagram_hide: false,
    diagram_hide_children: false,
    message_type: type,
    message: toPlanMessage(emptyMessage(type)),
    _destroy: false,
    should_empty: false,
    use_template: false,
    tag_ids: [],
    mark_ids: [],
    rich_menu_id: null,
    start_plan_id: null,
  };
}

/** The first box of a plan: box-0 at x 250, y 50, an empty message of `type`. */
export function firstBox(type: MessageType = 'text_message'): PlanAction {
  return box({ box_level: 0, box_index: 0, parent_box_id: null, parent_box_ids: [], ...PLAN_LAYOUT.firstBox }, type);
}

/** A new, empty child box of `parent`, placed by childPosition with the next free id on its level. */
export function newChildBox(
  actions: readonly PlanAction[],
  parent: PlanAction,
  type: MessageType = 'text_message',
): PlanAction {
  const level = parent.box_level + 1;
  return box(
    {
      box_level: level,
      box_index: nextBoxIndex(actions, level),
      parent_box_id: parent.box_id,
      parent_box_ids: [...parent.parent_box_ids, parent.box_id],
      ...childPosition(actions, parent),
    },
    type,
  );
}

/**
 * A box resized: the boxes to its right on the same level move by the change in width, so the
 * spacing after it stays what it was (100 as laid out) and nothing overlaps.
 */
export function resizeBoxes(
  actions: readonly PlanAction[],
  resizedBoxId: string,
  size: { width: number; height: number },
): PlanAction[] {
  const resized = actions.find((action) => action.box_id === resizedBoxId);
  if (!resized) return [...actions];
  const shift = size.width - resized.box_width;
  return actions.map((action) => {
    if (action === resized) return { ...action, box_width: size.width, box_height: size.height };
    if (shift !== 0 && action.box_level === resized.box_level && action.x > resized.x) {
      return { ...action, x: action.x + shift };
    }
    return action;
  });
}
