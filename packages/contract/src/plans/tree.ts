import type { MessageType } from '../message-builder/model.ts';
import type { PlanAction, PlanMessage, PlanMessageAction } from './model.ts';

/*
 * Reading the plan's tree: which boxes branch by option, a box's options, children and
 * descendants. Shared by validation, the editor and (next) the engine.
 */

/** Types whose options (message actions) each lead to their own child box; the friend's tap picks the branch. */
export const OPTION_MESSAGE_TYPES = ['confirm', 'quick_reply', 'carousel'] as const satisfies readonly MessageType[];

/** Whether the box branches by option (confirm, quick_reply, carousel) rather than leading to one child. */
export function hasOptions(type: MessageType): boolean {
  return (OPTION_MESSAGE_TYPES as readonly MessageType[]).includes(type);
}

/** Where an option sits in its message: the carousel column (null for confirm and quick reply) and the action's index. */
export interface OptionRef {
  column: number | null;
  action: number;
}

export interface Option {
  ref: OptionRef;
  action: PlanMessageAction;
}

/**
 * The options of the message for its own message_type only (the builder keeps other types' parts
 * while the user switches; they are never sent and have no branches).
 */
export function optionsOf(message: PlanMessage): Option[] {
  switch (message.message_type) {
    case 'confirm':
      return (message.message_confirm?.message_actions ?? []).map((action, index) => ({
        ref: { column: null, action: index },
        action,
      }));
    case 'quick_reply':
      return (message.message_quick_reply?.message_actions ?? []).map((action, index) => ({
        ref: { column: null, action: index },
        action,
      }));
    case 'carousel':
      return (message.message_columns ?? []).flatMap((column, columnIndex) =>
        column.message_actions.map((action, index) => ({ ref: { column: columnIndex, action: index }, action })),
      );
    default:
      return [];
  }
}

/** The option at `ref` in the message's own type, if any. */
export function optionAt(message: PlanMessage, ref: OptionRef): PlanMessageAction | null {
  return (
    optionsOf(message).find((option) => option.ref.column === ref.column && option.ref.action === ref.action)?.action ??
    null
  );
}

/** The message with the option at `ref` changed by `change` (other options and types untouched). */
export function updateOption(
  message: PlanMessage,
  ref: OptionRef,
  change: (action: PlanMessageAction) => PlanMessageAction,
): PlanMessage {
  const mapActions = (actions: PlanMessageAction[]) =>
    actions.map((action, index) => (index === ref.action ? change(action) : action));
  switch (message.message_type) {
    case 'confirm':
      return message.message_confirm && ref.column === null
        ? {
            ...message,
            message_confirm: {
              ...message.message_confirm,
              message_actions: mapActions(message.message_confirm.message_actions),
            },
          }
        : message;
    case 'quick_reply':
      return message.message_quick_reply && ref.column === null
        ? {
            ...message,
            message_quick_reply: {
              ...message.message_quick_reply,
              message_actions: mapActions(message.message_quick_reply.message_actions),
            },
          }
        : message;
    case 'carousel':
      return message.message_columns && ref.column !== null
        ? {
            ...message,
            message_columns: message.message_columns.map((column, index) =>
              index === ref.column ? { ...column, message_actions: mapActions(column.message_actions) } : column,
            ),
          }
        : message;
    default:
      return message;
  }
}

/** Every option of the message (its own type) changed by `change`. */
export function updateOptions(
  message: PlanMessage,
  change: (action: PlanMessageAction, ref: OptionRef) => PlanMessageAction,
): PlanMessage {
  return optionsOf(message).reduce(
    (current, option) => updateOption(current, option.ref, (action) => change(action, option.ref)),
    message,
  );
}

/** The boxes whose parent is `boxId` (destroyed ones included). */
export function childrenOf(actions: readonly PlanAction[], boxId: string): PlanAction[] {
  return actions.filter((action) => action.parent_box_id === boxId);
}

/** Every box below `boxId`, following parent_box_id (destroyed ones included); safe on a malformed cycle. */
export function descendantsOf(actions: readonly PlanAction[], boxId: string): PlanAction[] {
  const found: PlanAction[] = [];
  const seen = new Set<string>([boxId]);
  const queue = [boxId];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const child of childrenOf(actions, parent)) {
      if (seen.has(child.box_id)) continue;
      seen.add(child.box_id);
      found.push(child);
      queue.push(child.box_id);
    }
  }
  return found;
}

/** The ids of `boxId` and every box below it. */
export function subtreeIds(actions: readonly PlanAction[], boxId: string): Set<string> {
  return new Set([boxId, ...descendantsOf(actions, boxId).map((action) => action.box_id)]);
}

export function findBox(actions: readonly PlanAction[], boxId: string | null): PlanAction | undefined {
  return boxId === null ? undefined : actions.find((action) => action.box_id === boxId);
}
