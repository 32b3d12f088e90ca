import { emptyMessage, newAction, newImageCarouselColumn, newLinkUrl } from '../message-builder/defaults.ts';
import type { MessageType } from '../message-builder/model.ts';
import { firstBox, newChildBox } from './layout.ts';
import {
  defaultPlan,
  defaultTiming,
  toPlanMessage,
  type PlanAction,
  type PlanDetail,
  type PlanMessage,
  type PlanTiming,
} from './model.ts';
import { updateOption, type OptionRef } from './tree.ts';

/*
 * Plans for tests, built the way the editor builds them (layout and model helpers), with messages
 * that pass LINE's rules.
 */

export function filledMessage(type: MessageType): PlanMessage {
  const empty = toPlanMessage(emptyMessage(type));
  switch (type) {
    case 'text_message':
      return { ...empty, text: 'ご登録ありがとうございます' };
    case 'quick_reply':
      return {
        ...empty,
        text: 'ご希望を選んでください',
        message_quick_reply: {
          id: null,
          message_actions: ['A', 'B'].map((label) => ({
            ...newAction('postback'),
            label,
            box_id: null,
            diagram_hide_children: false,
          })),
        },
      };
    case 'confirm':
      return empty.message_confirm
        ? { ...empty, message_confirm: { ...empty.message_confirm, text: 'ご来店されますか？' } }
        : empty;
    case 'carousel':
      return {
        ...empty,
        message_columns: (empty.message_columns ?? []).map((column) => ({
          ...column,
          text: 'おすすめ',
          message_actions: column.message_actions.map((action) => ({ ...action, label: '見る', text: '見る' })),
        })),
      };
    case 'image':
      return { ...empty, image_url: 'https://example.com/a.png' };
    case 'sticker':
      return { ...empty, sticker_package_id: '446', sticker_id: '1988' };
    case 'image_carousel':
      return {
        ...empty,
        message_image_carousels: [
          {
            ...newImageCarouselColumn({ url: 'https://example.com/b.png', width: 1000, height: 800 }),
            link_urls: [
              { ...newLinkUrl({ axis_x: 0, axis_y: 0, width: 1000, height: 800 }), uri: 'https://example.com' },
            ],
          },
        ],
      };
  }
}

export function box(actions: readonly PlanAction[], id: string): PlanAction {
  const found = actions.find((action) => action.box_id === id);
  if (!found) throw new Error(`no box ${id}`);
  return found;
}

/** A filled box of `type` under `parentId` (under the option at `option` for a branching parent), with its default timing. */
export function addChild(
  detail: PlanDetail,
  parentId: string,
  type: MessageType = 'text_message',
  option: OptionRef | null = null,
): PlanDetail {
  const parent = box(detail.plan_actions, parentId);
  const child = { ...newChildBox(detail.plan_actions, parent, type), message: filledMessage(type) };
  const actions = detail.plan_actions.map((action) =>
    option && action.box_id === parentId
      ? { ...action, message: updateOption(action.message, option, (item) => ({ ...item, box_id: child.box_id })) }
      : action,
  );
  return {
    ...detail,
    plan_actions: [...actions, child],
    plan_timings: [...detail.plan_timings, defaultTiming(parentId, child.box_id)],
  };
}

/** A scenario: box-0 a confirm whose two answers lead to a text (box-1-0) and an image (box-1-1); the text leads on to a sticker (box-2-0). */
export function branchingScenario(): PlanDetail {
  const first = { ...firstBox('confirm'), message: filledMessage('confirm') };
  let detail: PlanDetail = {
    plan: { ...defaultPlan('scenario'), name: '友だち追加シナリオ' },
    plan_actions: [first],
    plan_timings: [],
  };
  detail = addChild(detail, 'box-0', 'text_message', { column: null, action: 0 });
  detail = addChild(detail, 'box-0', 'image', { column: null, action: 1 });
  detail = addChild(detail, 'box-1-0', 'sticker');
  return detail;
}

export function timing(detail: PlanDetail, end: string): PlanTiming {
  const found = detail.plan_timings.find((item) => item.end === end);
  if (!found) throw new Error(`no timing into ${end}`);
  return found;
}

export function withBox(detail: PlanDetail, id: string, change: (action: PlanAction) => PlanAction): PlanDetail {
  return {
    ...detail,
    plan_actions: detail.plan_actions.map((action) => (action.box_id === id ? change(action) : action)),
  };
}

export function withTiming(detail: PlanDetail, end: string, change: (timing: PlanTiming) => PlanTiming): PlanDetail {
  return { ...detail, plan_timings: detail.plan_timings.map((item) => (item.end === end ? change(item) : item)) };
}
