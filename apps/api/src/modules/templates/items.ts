import {
  blankMessage,
  type BuilderMessage,
  type LinkUrl,
  type MessageAction,
  type MessageColumn,
  type MessageImageCarousel,
  type MessageIssue,
  type MessagePath,
} from '@linq/contract';
import type { ActionRow } from './repository.ts';

/*
 * The nested items of a saved message and their ids. Every item (the message itself, its
 * confirm, quick reply, columns, image carousels, actions, tap areas and scores) has an id from
 * one database sequence; a save may only name ids the template already had, so no other
 * template's (or tenant's) item can be taken over, and a tap's postback names one action.
 */

export const UNSAVED_ITEM_MESSAGE = '保存されていない項目です';

export type ItemKind =
  'message' | 'confirm' | 'quick_reply' | 'column' | 'image_carousel' | 'action' | 'link_url' | 'score';

/** One nested item with where it is in the model; actions and tap areas carry themselves for their rows. */
export type ItemRef =
  | { kind: Exclude<ItemKind, 'action' | 'link_url'>; path: MessagePath; item: { id: number | null } }
  | { kind: 'action' | 'link_url'; path: MessagePath; item: MessageAction };

function action(source: MessageAction): MessageAction {
  return {
    id: source.id,
    action_type: source.action_type,
    label: source.label,
    // Only the field of the action's type is kept: the others were left over from switching types.
    text: source.action_type === 'message' ? source.text : null,
    display_text: source.action_type === 'postback' ? source.display_text : null,
    uri: source.action_type === 'uri' ? source.uri : null,
    score: source.score && { id: source.score.id, value: source.score.value },
  };
}

function column(source: MessageColumn): MessageColumn {
  return {
    id: source.id,
    image_url: source.image_url,
    title: source.title,
    text: source.text,
    message_actions: source.message_actions.map(action),
  };
}

function imageCarousel(source: MessageImageCarousel): MessageImageCarousel {
  return {
    id: source.id,
    image_url: source.image_url,
    image_width: source.image_width,
    image_height: source.image_height,
    link_urls: source.link_urls.map((area): LinkUrl => ({
      ...action(area),
      axis_x: area.axis_x,
      axis_y: area.axis_y,
      width: area.width,
      height: area.height,
    })),
  };
}

/**
 * The message with only the parts its message_type uses (the builder keeps the others while the
 * user switches types; they are never sent), rebuilt field by field so no client-only key is stored.
 */
export function keepRelevantParts(message: BuilderMessage): BuilderMessage {
  const base = blankMessage(message.message_type, message.id);
  const quickReply = message.message_quick_reply;
  const confirm = message.message_confirm;
  switch (message.message_type) {
    case 'text_message':
      return { ...base, text: message.text };
    case 'quick_reply':
      return {
        ...base,
        text: message.text,
        message_quick_reply: quickReply && {
          id: quickReply.id,
          message_actions: quickReply.message_actions.map(action),
        },
      };
    case 'confirm':
      return {
        ...base,
        alt_text: message.alt_text,
        message_confirm: confirm && {
          id: confirm.id,
          text: confirm.text,
          message_actions: confirm.message_actions.map(action),
        },
      };
    case 'carousel':
      return { ...base, alt_text: message.alt_text, message_columns: message.message_columns?.map(column) ?? null };
    case 'image_carousel':
      return {
        ...base,
        alt_text: message.alt_text,
        message_image_carousels: message.message_image_carousels?.map(imageCarousel) ?? null,
      };
    case 'image':
      return { ...base, image_url: message.image_url };
    case 'sticker':
      return { ...base, sticker_package_id: message.sticker_package_id, sticker_id: message.sticker_id };
  }
}

function actionRefs(kind: 'action' | 'link_url', actions: MessageAction[], path: MessagePath, into: ItemRef[]): void {
  actions.forEach((item, index) => {
    const itemPath = [...path, index];
    into.push({ kind, path: itemPath, item });
    if (item.score) into.push({ kind: 'score', path: [...itemPath, 'score'], item: item.score });
  });
}

/** Every nested item of the message, the message first, in document order. */
export function itemsOf(message: BuilderMessage): ItemRef[] {
  const refs: ItemRef[] = [{ kind: 'message', path: [], item: message }];
  if (message.message_confirm) {
    refs.push({ kind: 'confirm', path: ['message_confirm'], item: message.message_confirm });
    actionRefs('action', message.message_confirm.message_actions, ['message_confirm', 'message_actions'], refs);
  }
  if (message.message_quick_reply) {
    refs.push({ kind: 'quick_reply', path: ['message_quick_reply'], item: message.message_quick_reply });
    actionRefs('action', message.message_quick_reply.message_actions, ['message_quick_reply', 'message_actions'], refs);
  }
  message.message_columns?.forEach((item, index) => {
    refs.push({ kind: 'column', path: ['message_columns', index], item });
    actionRefs('action', item.message_actions, ['message_columns', index, 'message_actions'], refs);
  });
  message.message_image_carousels?.forEach((item, index) => {
    refs.push({ kind: 'image_carousel', path: ['message_image_carousels', index], item });
    actionRefs('link_url', item.link_urls, ['message_image_carousels', index, 'link_urls'], refs);
  });
  return refs;
}

/**
 * Submitted ids that the saved template did not have as an item of the same kind (or that repeat):
 * a new item must come with id null. `previous` is null for a new template, which has no ids yet.
 */
export function unknownIds(message: BuilderMessage, previous: BuilderMessage | null): MessageIssue[] {
  const known = new Map<ItemKind, Set<number>>();
  for (const ref of previous ? itemsOf(previous) : []) {
    if (ref.item.id === null) continue;
    const ids = known.get(ref.kind) ?? new Set<number>();
    ids.add(ref.item.id);
    known.set(ref.kind, ids);
  }
  const seen = new Set<number>();
  const issues: MessageIssue[] = [];
  for (const ref of itemsOf(message)) {
    const id = ref.item.id;
    if (id === null) continue;
    if (!known.get(ref.kind)?.has(id) || seen.has(id)) {
      issues.push({ path: [...ref.path, 'id'], message: UNSAVED_ITEM_MESSAGE });
    }
    seen.add(id);
  }
  return issues;
}

/** How many items have no id yet. */
export function newItemCount(message: BuilderMessage): number {
  return itemsOf(message).filter((ref) => ref.item.id === null).length;
}

/** A copy of the message whose new items (id null) take `freshIds`, in document order. */
export function withNewIds(message: BuilderMessage, freshIds: readonly number[]): BuilderMessage {
  const copy = structuredClone(message);
  const pending = itemsOf(copy).filter((ref) => ref.item.id === null);
  if (pending.length !== freshIds.length) throw new Error(`${pending.length} new items but ${freshIds.length} ids`);
  pending.forEach((ref, index) => {
    ref.item.id = freshIds[index]!;
  });
  return copy;
}

/** A copy of the message with every item new (a copied template's items get ids of their own). */
export function withoutIds(message: BuilderMessage): BuilderMessage {
  const copy = structuredClone(message);
  for (const ref of itemsOf(copy)) ref.item.id = null;
  return copy;
}

/** The tappable actions (buttons, quick-reply items, tap areas) of a message whose items all have ids. */
export function actionRowsOf(message: BuilderMessage): ActionRow[] {
  const rows: ActionRow[] = [];
  for (const ref of itemsOf(message)) {
    if (ref.kind !== 'action' && ref.kind !== 'link_url') continue;
    if (ref.item.id === null) throw new Error('an action without an id cannot be stored');
    rows.push({
      id: ref.item.id,
      label: ref.item.label,
      actionType: ref.item.action_type,
      score: ref.item.score?.value ?? 0,
    });
  }
  return rows;
}
