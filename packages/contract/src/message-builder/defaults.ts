import type {
  ActionType,
  BuilderMessage,
  LinkUrl,
  MessageAction,
  MessageColumn,
  MessageImageCarousel,
  MessageType,
} from './model.ts';

/*
 * New, empty builder items. Every nested item starts unsaved (id null) with a fresh client key
 * (form_random_id) the editor uses until the server gives it an id. `score: null` means the tap
 * adds no score.
 */

/** A stable client key for an item that has no id yet. */
export function newItemKey(): string {
  return crypto.randomUUID();
}

export function newAction(type: ActionType = 'message'): MessageAction {
  return {
    id: null,
    action_type: type,
    label: '',
    text: type === 'message' ? '' : null,
    display_text: null,
    uri: type === 'uri' ? '' : null,
    score: null,
    form_random_id: newItemKey(),
  };
}

export function newColumn(actionCount = 1): MessageColumn {
  return {
    id: null,
    image_url: null,
    title: null,
    text: '',
    message_actions: Array.from({ length: actionCount }, () => newAction()),
    form_random_id: newItemKey(),
  };
}

/** A tap area over `bounds` (image pixels); it opens an address until the user picks another action. */
export function newLinkUrl(bounds: Pick<LinkUrl, 'axis_x' | 'axis_y' | 'width' | 'height'>): LinkUrl {
  return { ...newAction('uri'), ...bounds };
}

/** An image carousel column for an uploaded image, with one tap area over the whole image. */
export function newImageCarouselColumn(image: { url: string; width: number; height: number }): MessageImageCarousel {
  return {
    id: null,
    image_url: image.url,
    image_width: image.width,
    image_height: image.height,
    link_urls: [newLinkUrl({ axis_x: 0, axis_y: 0, width: image.width, height: image.height })],
    form_random_id: newItemKey(),
  };
}

function answer(label: string): MessageAction {
  return { ...newAction('message'), label, text: label };
}

/** A message of `type` with every part null (the base that each type fills in). */
export function blankMessage(type: MessageType, id: number | null = null): BuilderMessage {
  return {
    id,
    message_type: type,
    text: null,
    alt_text: null,
    image_url: null,
    sticker_package_id: null,
    sticker_id: null,
    message_confirm: null,
    message_quick_reply: null,
    message_columns: null,
    message_image_carousels: null,
  };
}

/** An empty message of `type`: only the parts that type uses are filled in. */
export function emptyMessage(type: MessageType): BuilderMessage {
  const message = blankMessage(type);
  switch (type) {
    case 'text_message':
      return { ...message, text: '' };
    case 'quick_reply':
      return { ...message, text: '', message_quick_reply: { id: null, message_actions: [newAction()] } };
    case 'confirm':
      return {
        ...message,
        message_confirm: { id: null, text: '', message_actions: [answer('はい'), answer('いいえ')] },
      };
    case 'carousel':
      return { ...message, message_columns: [newColumn()] };
    case 'image_carousel':
      // Columns need an uploaded image (its size bounds the tap areas), so the list starts empty.
      return { ...message, message_image_carousels: [] };
    case 'image':
    case 'sticker':
      return message;
  }
}
