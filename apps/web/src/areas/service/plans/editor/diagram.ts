import {
  FIRST_BOX_ID,
  childrenOf,
  defaultTiming,
  emptyMessage,
  findBox,
  firstBox,
  hasOptions,
  newChildBox,
  optionAt,
  optionsOf,
  resizeBoxes,
  subtreeIds,
  toPlanMessage,
  updateOption,
  updateOptions,
  type BuilderMessage,
  type MessageType,
  type OptionRef,
  type PlanAction,
  type PlanDetail,
  type PlanMessage,
  type PlanTiming,
  type PlanType,
  type TemplateDetail,
} from '@linq/contract';

/*
 * The plan editor's diagram rules (spec section 4 "Plan editor"), each a pure function of one
 * snapshot (plan, plan_actions, plan_timings) answering the next one, or the same object when
 * nothing changes (so the history records no step). editor-state.ts keeps the snapshots.
 */

export type PlanSnapshot = PlanDetail;

/** Where a child box hangs: below the box itself (text, image, sticker, image carousel) or below one of its options. */
export interface ChildSlot {
  boxId: string;
  option: OptionRef | null;
}

function replaceBox(snapshot: PlanSnapshot, boxId: string, change: (action: PlanAction) => PlanAction): PlanSnapshot {
  return {
    ...snapshot,
    plan_actions: snapshot.plan_actions.map((action) => (action.box_id === boxId ? change(action) : action)),
  };
}

/** The box that sits in the slot now (removed or not), if any. */
export function childInSlot(snapshot: PlanSnapshot, slot: ChildSlot): PlanAction | undefined {
  const parent = findBox(snapshot.plan_actions, slot.boxId);
  if (!parent) return undefined;
  const children = childrenOf(snapshot.plan_actions, parent.box_id);
  if (slot.option !== null) {
    const target = optionAt(parent.message, slot.option)?.box_id ?? null;
    return children.find((child) => child.box_id === target);
  }
  // The box's own child: the live one, else the one removed last (which adding again reverts).
  return (
    children.find((child) => !child._destroy) ??
    children.filter((child) => child._destroy).sort((a, b) => b.box_index - a.box_index)[0]
  );
}

function isHiddenBelow(parent: PlanAction, option: OptionRef | null): boolean {
  const optionHides = option !== null && (optionAt(parent.message, option)?.diagram_hide_children ?? false);
  return parent.diagram_hide || parent.diagram_hide_children || optionHides;
}

/**
 * Adds an empty child box in the slot with the default timing (send_immediate, 0 days, 0 hours).
 * A slot that already holds a box is reverted only if that box was marked destroyed; otherwise
 * nothing changes. A branching box takes children only below its options, and only one per option.
 */
export function addChildBox(snapshot: PlanSnapshot, slot: ChildSlot, type: MessageType = 'text_message'): PlanSnapshot {
  const parent = findBox(snapshot.plan_actions, slot.boxId);
  if (!parent || parent._destroy) return snapshot;
  if (hasOptions(parent.message_type) !== (slot.option !== null)) return snapshot;
  if (slot.option !== null && !optionAt(parent.message, slot.option)) return snapshot;
  const existing = childInSlot(snapshot, slot);
  if (existing) return existing._destroy ? revertBox(snapshot, existing.box_id) : snapshot;
  return createChild(snapshot, parent, slot.option, type);
}

/** A new, empty child box of `parent` (below `option` when given) and the default timing to it. */
function createChild(
  snapshot: PlanSnapshot,
  parent: PlanAction,
  option: OptionRef | null,
  type: MessageType,
): PlanSnapshot {
  const child = {
    ...newChildBox(snapshot.plan_actions, parent, type),
    diagram_hide: isHiddenBelow(parent, option),
  };
  const actions = snapshot.plan_actions.map((action) =>
    action === parent && option !== null
      ? { ...action, message: updateOption(action.message, option, (item) => ({ ...item, box_id: child.box_id })) }
      : action,
  );
  const timing = { ...defaultTiming(parent.box_id, child.box_id), diagram_hide: child.diagram_hide };
  return { ...snapshot, plan_actions: [...actions, child], plan_timings: [...snapshot.plan_timings, timing] };
}

/** Removing a box marks it, every box below it and their timings with the destroy flag. box-0 stays: every enrolment starts there. */
export function removeBox(snapshot: PlanSnapshot, boxId: string): PlanSnapshot {
  const box = findBox(snapshot.plan_actions, boxId);
  if (!box || boxId === FIRST_BOX_ID || box._destroy) return snapshot;
  const removed = subtreeIds(snapshot.plan_actions, boxId);
  return {
    ...snapshot,
    plan_actions: snapshot.plan_actions.map((action) =>
      removed.has(action.box_id) ? { ...action, _destroy: true } : action,
    ),
    plan_timings: snapshot.plan_timings.map((timing) =>
      removed.has(timing.start) || removed.has(timing.end) ? { ...timing, _destroy: true } : timing,
    ),
  };
}

/** A message of the box's type with nothing entered (it keeps its saved id, whose content the server replaces). */
function emptiedMessage(action: PlanAction): PlanMessage {
  return { ...toPlanMessage(emptyMessage(action.message_type)), id: action.message.id };
}

/**
 * A reverting action: the removed box comes back in its place (its id kept), the destroy flag
 * cleared on it and on the timing from its parent, its message emptied (should_empty, so the
 * server discards the saved one). Only when its parent is live and its slot is free.
 */
export function revertBox(snapshot: PlanSnapshot, boxId: string): PlanSnapshot {
  const box = findBox(snapshot.plan_actions, boxId);
  if (!box?._destroy) return snapshot;
  const parent = findBox(snapshot.plan_actions, box.parent_box_id);
  if (!parent || parent._destroy) return snapshot;
  const slotIsFree = hasOptions(parent.message_type)
    ? optionsOf(parent.message).some((option) => option.action.box_id === boxId)
    : !childrenOf(snapshot.plan_actions, parent.box_id).some((child) => !child._destroy);
  if (!slotIsFree) return snapshot;
  const reverted = replaceBox(snapshot, boxId, (action) => ({
    ...action,
    _destroy: false,
    diagram_hide: isHiddenBelow(parent, null),
    message: emptiedMessage(action),
    should_empty: true,
  }));
  return connectTiming(reverted, parent.box_id, boxId);
}

/**
 * Ensures the timing from a parent to its child: a removed one is brought back, else the default
 * timing is added. Only a box's parent can lead to it, so any other pair changes nothing.
 */
export function connectTiming(snapshot: PlanSnapshot, start: string, end: string): PlanSnapshot {
  const child = findBox(snapshot.plan_actions, end);
  if (!child || child.parent_box_id !== start) return snapshot;
  const into = snapshot.plan_timings.filter((timing) => timing.end === end && timing.start === start);
  if (into.some((timing) => !timing._destroy)) return snapshot;
  const removed = into.at(-1);
  if (removed) {
    return {
      ...snapshot,
      plan_timings: snapshot.plan_timings.map((timing) =>
        timing === removed ? { ...timing, _destroy: false } : timing,
      ),
    };
  }
  return { ...snapshot, plan_timings: [...snapshot.plan_timings, defaultTiming(start, end)] };
}

/**
 * Children that must go when their parent changes: never-saved boxes (and their timings) are
 * removed outright; saved ones are hidden with the destroy flag, so the save deletes them.
 */
function discardSubtree(snapshot: PlanSnapshot, rootId: string): PlanSnapshot {
  const ids = subtreeIds(snapshot.plan_actions, rootId);
  const touches = (timing: PlanTiming) => ids.has(timing.start) || ids.has(timing.end);
  return {
    ...snapshot,
    plan_actions: snapshot.plan_actions
      .filter((action) => !(ids.has(action.box_id) && action.id === null))
      .map((action) => (ids.has(action.box_id) ? { ...action, _destroy: true, diagram_hide: true } : action)),
    plan_timings: snapshot.plan_timings
      .filter((timing) => !(touches(timing) && timing.id === null))
      .map((timing) => (touches(timing) ? { ...timing, _destroy: true, diagram_hide: true } : timing)),
  };
}

/** Every option link in every part of the message cleared (the parts the builder keeps for other types too). */
function withoutOptionLinks(message: PlanMessage): PlanMessage {
  const unlink = <T extends { box_id: string | null }>(action: T) => ({ ...action, box_id: null });
  return {
    ...message,
    message_confirm: message.message_confirm && {
      ...message.message_confirm,
      message_actions: message.message_confirm.message_actions.map(unlink),
    },
    message_quick_reply: message.message_quick_reply && {
      ...message.message_quick_reply,
      message_actions: message.message_quick_reply.message_actions.map(unlink),
    },
    message_columns:
      message.message_columns?.map((column) => ({ ...column, message_actions: column.message_actions.map(unlink) })) ??
      null,
  };
}

/** The message switched to `type`: the parts the builder kept are reused, missing ones start empty. */
function switchedMessage(message: PlanMessage, type: MessageType): PlanMessage {
  const empty = toPlanMessage(emptyMessage(type));
  return {
    ...message,
    message_type: type,
    text: message.text ?? empty.text,
    message_confirm: message.message_confirm ?? empty.message_confirm,
    message_quick_reply: message.message_quick_reply ?? empty.message_quick_reply,
    message_columns: message.message_columns ?? empty.message_columns,
    message_image_carousels: message.message_image_carousels ?? empty.message_image_carousels,
  };
}

/**
 * Changing a box's message type removes or hides its child boxes (discardSubtree), the children of
 * its confirm, quick_reply or carousel options first, then creates one new child box: below the
 * box for a one-child type, below its first option for a branching one (the other options get
 * theirs when the user adds them).
 */
export function changeMessageType(snapshot: PlanSnapshot, boxId: string, type: MessageType): PlanSnapshot {
  const box = findBox(snapshot.plan_actions, boxId);
  if (!box || box._destroy || box.message_type === type) return snapshot;
  const optionChildren = optionsOf(box.message)
    .map((option) => option.action.box_id)
    .filter((id): id is string => id !== null);
  let next = optionChildren.reduce(discardSubtree, snapshot);
  const ownChildren = childrenOf(next.plan_actions, boxId)
    .filter((child) => !child._destroy)
    .map((child) => child.box_id);
  next = ownChildren.reduce(discardSubtree, next);
  next = replaceBox(next, boxId, (action) => ({
    ...action,
    message_type: type,
    message: switchedMessage(withoutOptionLinks(action.message), type),
  }));
  // The new child is always a new box: a hidden one in the same place is not brought back.
  const changed = findBox(next.plan_actions, boxId);
  if (!changed) return next;
  if (!hasOptions(type)) return createChild(next, changed, null, 'text_message');
  const [firstOption] = optionsOf(changed.message);
  return firstOption ? createChild(next, changed, firstOption.ref, 'text_message') : next;
}

/**
 * The builder's edit of a box's message. Options keep the child they name; one the builder
 * brought without a link (a template's, say) takes the link of the option that was at its place,
 * unless another option still names that child. Options that disappeared take their children
 * with them (removeBox). A different message type goes through changeMessageType first.
 */
export function setBoxMessage(snapshot: PlanSnapshot, boxId: string, message: BuilderMessage): PlanSnapshot {
  const current = findBox(snapshot.plan_actions, boxId);
  if (!current || current._destroy) return snapshot;
  const typed =
    message.message_type === current.message_type ? snapshot : changeMessageType(snapshot, boxId, message.message_type);
  const box = findBox(typed.plan_actions, boxId);
  if (!box) return snapshot;
  const incoming = toPlanMessage(message);
  const named = new Set(optionsOf(incoming).map((option) => option.action.box_id));
  const linked = updateOptions(incoming, (option, ref) => {
    if (option.box_id !== null) return option;
    const previous = optionAt(box.message, ref)?.box_id ?? null;
    return previous !== null && !named.has(previous) ? { ...option, box_id: previous } : option;
  });
  const kept = new Set(optionsOf(linked).map((option) => option.action.box_id));
  const dropped = optionsOf(box.message)
    .map((option) => option.action.box_id)
    .filter((id): id is string => id !== null && !kept.has(id));
  const withMessage = replaceBox(typed, boxId, (action) => ({ ...action, message: linked }));
  return dropped.reduce(removeBox, withMessage);
}

/** A box filled from a template (GET /service/templates/{id}): its message, with the template's ids kept for use_template to catch. */
export function fillFromTemplate(snapshot: PlanSnapshot, boxId: string, template: TemplateDetail): PlanSnapshot {
  const [templateBox] = template.plan_actions;
  return templateBox ? setBoxMessage(snapshot, boxId, templateBox.message) : snapshot;
}

/** The boxes and timings below `boxId` shown or hidden as the collapse flags above them say. */
function applyCollapse(snapshot: PlanSnapshot, boxId: string): PlanSnapshot {
  const actions = [...snapshot.plan_actions];
  const hidden = new Map<string, boolean>();
  const visit = (parentId: string) => {
    const parent = actions.find((action) => action.box_id === parentId);
    if (!parent) return;
    for (const child of childrenOf(actions, parentId)) {
      if (child._destroy) continue;
      const option = optionsOf(parent.message).find((item) => item.action.box_id === child.box_id);
      const hide =
        parent.diagram_hide || parent.diagram_hide_children || (option?.action.diagram_hide_children ?? false);
      const index = actions.indexOf(child);
      actions[index] = { ...child, diagram_hide: hide };
      hidden.set(child.box_id, hide);
      visit(child.box_id);
    }
  };
  visit(boxId);
  return {
    ...snapshot,
    plan_actions: actions,
    plan_timings: snapshot.plan_timings.map((timing) => {
      const hide = hidden.get(timing.end);
      return hide === undefined || timing._destroy ? timing : { ...timing, diagram_hide: hide };
    }),
  };
}

/**
 * Hiding children sets diagram_hide on the descendants and their timings (of the box, or of one of
 * its options); showing them again shows what no other collapsed box above still hides.
 */
export function hideChildren(
  snapshot: PlanSnapshot,
  boxId: string,
  hidden: boolean,
  option: OptionRef | null = null,
): PlanSnapshot {
  const box = findBox(snapshot.plan_actions, boxId);
  if (!box) return snapshot;
  const flagged = replaceBox(snapshot, boxId, (action) =>
    option === null
      ? { ...action, diagram_hide_children: hidden }
      : {
          ...action,
          message: updateOption(action.message, option, (item) => ({ ...item, diagram_hide_children: hidden })),
        },
  );
  return applyCollapse(flagged, boxId);
}

/** Resizing a box shifts the x of later boxes on the same level to keep 100 units of spacing. */
export function resizeBox(
  snapshot: PlanSnapshot,
  boxId: string,
  size: { width: number; height: number },
): PlanSnapshot {
  const box = findBox(snapshot.plan_actions, boxId);
  if (!box || (box.box_width === size.width && box.box_height === size.height)) return snapshot;
  return { ...snapshot, plan_actions: resizeBoxes(snapshot.plan_actions, boxId, size) };
}

/** A box dragged to a new place. */
export function moveBox(snapshot: PlanSnapshot, boxId: string, position: { x: number; y: number }): PlanSnapshot {
  const box = findBox(snapshot.plan_actions, boxId);
  if (!box || (box.x === position.x && box.y === position.y)) return snapshot;
  return replaceBox(snapshot, boxId, (action) => ({ ...action, ...position }));
}

export type TimingChanges = Partial<
  Pick<
    PlanTiming,
    | 'timing_type'
    | 'after_days'
    | 'after_hours'
    | 'next_action_at'
    | 'repeat_date_times'
    | 'repeat_times'
    | 'repeat_weekdays'
  >
>;

/** Editing the timing into box `end`: marked touched (the server reschedules friends waiting on it); is_repeat follows the type. */
export function updateTiming(snapshot: PlanSnapshot, end: string, changes: TimingChanges): PlanSnapshot {
  const timing = snapshot.plan_timings.find((item) => item.end === end && !item._destroy);
  if (!timing) return snapshot;
  const changed = { ...timing, ...changes };
  return {
    ...snapshot,
    plan_timings: snapshot.plan_timings.map((item) =>
      item === timing
        ? {
            ...changed,
            is_repeat: changed.timing_type === 'send_repeat',
            repeat_times: Math.max(changed.repeat_times, 1),
            touched: true,
          }
        : item,
    ),
  };
}

/** Resetting a plan sets plan_type and creates a first box if there are no actions. */
export function resetPlan(snapshot: PlanSnapshot, type: PlanType): PlanSnapshot {
  return {
    ...snapshot,
    plan: { ...snapshot.plan, plan_type: type },
    plan_actions: snapshot.plan_actions.length === 0 ? [firstBox()] : snapshot.plan_actions,
  };
}
