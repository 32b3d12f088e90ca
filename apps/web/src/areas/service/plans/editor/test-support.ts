import {
  emptyMessage,
  findBox,
  type BuilderMessage,
  type MessageType,
  type PlanAction,
  type PlanTiming,
} from '@linq/contract';
import { addChildBox, changeMessageType, resetPlan, setBoxMessage, type PlanSnapshot } from './diagram.ts';
import { emptySnapshot } from './editor-state.ts';

/*
 * Snapshots for the editor's tests, built with the editor's own operations (as a user would), with
 * messages that pass LINE's rules.
 */

export function filled(type: MessageType, text = 'こんにちは'): BuilderMessage {
  const empty = emptyMessage(type);
  switch (type) {
    case 'text_message':
      return { ...empty, text };
    case 'confirm':
      return empty.message_confirm ? { ...empty, message_confirm: { ...empty.message_confirm, text } } : empty;
    case 'carousel':
      return {
        ...empty,
        message_columns: (empty.message_columns ?? []).map((column) => ({
          ...column,
          text,
          message_actions: column.message_actions.map((action) => ({ ...action, label: '見る', text: '見る' })),
        })),
      };
    case 'image':
      return { ...empty, image_url: 'https://example.com/a.png' };
    default:
      return empty;
  }
}

export function box(snapshot: PlanSnapshot, id: string): PlanAction {
  const found = findBox(snapshot.plan_actions, id);
  if (!found) throw new Error(`no box ${id}`);
  return found;
}

export function timingInto(snapshot: PlanSnapshot, end: string): PlanTiming {
  const found = snapshot.plan_timings.find((timing) => timing.end === end);
  if (!found) throw new Error(`no timing into ${end}`);
  return found;
}

export const liveIds = (snapshot: PlanSnapshot) =>
  snapshot.plan_actions.filter((action) => !action._destroy).map((action) => action.box_id);

/** A new scenario: box-0 (a text) → box-1-0 (a text) → box-2-0 (a text). */
export function textChain(): PlanSnapshot {
  let snapshot = resetPlan(emptySnapshot(), 'scenario');
  snapshot = setBoxMessage(snapshot, 'box-0', filled('text_message', '1通目'));
  snapshot = addChildBox(snapshot, { boxId: 'box-0', option: null });
  snapshot = setBoxMessage(snapshot, 'box-1-0', filled('text_message', '2通目'));
  snapshot = addChildBox(snapshot, { boxId: 'box-1-0', option: null });
  return setBoxMessage(snapshot, 'box-2-0', filled('text_message', '3通目'));
}

/** box-0 a confirm whose answers lead to box-1-0 (はい, created by the type change) and box-1-1 (いいえ); box-1-0 leads on to box-2-0. */
export function confirmBranches(): PlanSnapshot {
  let snapshot = resetPlan(emptySnapshot(), 'scenario');
  snapshot = changeMessageType(snapshot, 'box-0', 'confirm');
  const question = box(snapshot, 'box-0').message;
  snapshot = setBoxMessage(snapshot, 'box-0', {
    ...question,
    message_confirm: question.message_confirm && { ...question.message_confirm, text: 'ご来店されますか？' },
  });
  snapshot = addChildBox(snapshot, { boxId: 'box-0', option: { column: null, action: 1 } });
  snapshot = setBoxMessage(snapshot, 'box-1-0', filled('text_message', 'お待ちしています'));
  snapshot = setBoxMessage(snapshot, 'box-1-1', filled('text_message', 'またの機会に'));
  snapshot = addChildBox(snapshot, { boxId: 'box-1-0', option: null }, 'image');
  return setBoxMessage(snapshot, 'box-2-0', filled('image'));
}

/** Every box and timing as if saved: numeric ids (boxes 100 + position, timings 200 + position). */
export function saved(snapshot: PlanSnapshot): PlanSnapshot {
  return {
    ...snapshot,
    plan: { ...snapshot.plan, id: snapshot.plan.id ?? 1 },
    plan_actions: snapshot.plan_actions.map((action, index) => ({
      ...action,
      id: action.id ?? 100 + index,
      message: { ...action.message, id: action.message.id ?? 500 + index },
    })),
    plan_timings: snapshot.plan_timings.map((timing, index) => ({ ...timing, id: timing.id ?? 200 + index })),
  };
}
