/**
 * Limits LINE documents but `messaging-api.yml` does not state. Everything the YAML states is
 * enforced by the OpenAPI validation (openapi.ts); only the gaps are filled here, each with the
 * page of LINE's reference that documents it.
 */
import type { ErrorDetail } from './openapi.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function size(details: ErrorDetail[], value: unknown, min: number, max: number, property: string) {
  if (Array.isArray(value) && (value.length < min || value.length > max)) {
    details.push({ message: `Size must be between ${min} and ${max}`, property });
  }
}
function length(details: ErrorDetail[], value: unknown, min: number, max: number, property: string) {
  if (typeof value === 'string' && (value.length < min || value.length > max)) {
    details.push({ message: `Length must be between ${min} and ${max}`, property });
  }
}
function required(details: ErrorDetail[], obj: Obj, keys: string[], at: string) {
  for (const k of keys) {
    if (obj[k] === undefined || obj[k] === null) details.push({ message: 'must be specified', property: `${at}.${k}` });
  }
}

/**
 * Action objects (https://developers.line.biz/en/reference/messaging-api/#action-objects): the
 * YAML marks no property of postback/message/uri/datetimepicker/richmenuswitch actions as
 * required; LINE requires these.
 */
const ACTION_REQUIRED: Record<string, string[]> = {
  postback: ['data'],
  message: ['text'],
  uri: ['uri'],
  datetimepicker: ['data', 'mode'],
  richmenuswitch: ['richMenuAliasId', 'data'],
};

function checkAction(details: ErrorDetail[], action: unknown, at: string, maxLabel = 20) {
  if (!isObj(action) || typeof action['type'] !== 'string') return;
  required(details, action, ACTION_REQUIRED[action['type']] ?? [], at);
  // #action-objects: a label has at most 20 characters (12 in an image carousel column).
  length(details, action['label'], 0, maxLabel, `${at}.label`);
  // Message action text: max 300 characters (#message-action).
  if (action['type'] === 'message') length(details, action['text'], 1, 300, `${at}.text`);
  // Postback displayText: max 300 characters (#postback-action).
  if (action['type'] === 'postback') length(details, action['displayText'], 0, 300, `${at}.displayText`);
}

/** Walks any JSON looking for action objects (under `action`, `defaultAction` and `actions[]`). */
function walkActions(details: ErrorDetail[], value: unknown, at: string, maxLabel = 20) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => walkActions(details, v, `${at}[${i}]`, maxLabel));
    return;
  }
  if (!isObj(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const here = at ? `${at}.${k}` : k;
    if (k === 'action' || k === 'defaultAction') checkAction(details, v, here, maxLabel);
    else if (k === 'actions' && Array.isArray(v))
      v.forEach((a, i) => checkAction(details, a, `${here}[${i}]`, maxLabel));
    walkActions(details, v, here, maxLabel);
  }
}

/** Message-object limits missing from the YAML (https://developers.line.biz/en/reference/messaging-api/#message-objects). */
export function checkMessages(messages: unknown, base = 'messages'): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (!Array.isArray(messages)) return details;
  messages.forEach((m, i) => {
    if (!isObj(m)) return;
    const at = `${base}[${i}]`;
    switch (m['type']) {
      case 'text':
      case 'textV2':
        // #text-message / #text-message-v2: max 5000 characters.
        length(details, m['text'], 1, 5000, `${at}.text`);
        // #text-message: at most 20 LINE emojis.
        size(details, m['emojis'], 0, 20, `${at}.emojis`);
        break;
      case 'imagemap':
        // #imagemap-message: altText max 1500, at most 50 actions.
        length(details, m['altText'], 1, 1500, `${at}.altText`);
        size(details, m['actions'], 1, 50, `${at}.actions`);
        break;
      case 'template': {
        // #template-messages: altText max 1500.
        length(details, m['altText'], 1, 1500, `${at}.altText`);
        const t = m['template'];
        if (!isObj(t)) break;
        const tat = `${at}.template`;
        if (t['type'] === 'buttons') {
          size(details, t['actions'], 1, 4, `${tat}.actions`); // #buttons: max 4 actions
          length(details, t['title'], 0, 40, `${tat}.title`); // max 40 characters
          length(details, t['text'], 1, t['thumbnailImageUrl'] || t['title'] ? 60 : 160, `${tat}.text`);
        } else if (t['type'] === 'confirm') {
          size(details, t['actions'], 2, 2, `${tat}.actions`); // #confirm: exactly 2 actions
          length(details, t['text'], 1, 240, `${tat}.text`);
        } else if (t['type'] === 'carousel') {
          size(details, t['columns'], 1, 10, `${tat}.columns`); // #carousel: max 10 columns
          if (Array.isArray(t['columns'])) {
            t['columns'].forEach((c, j) => {
              if (!isObj(c)) return;
              const cat = `${tat}.columns[${j}]`;
              size(details, c['actions'], 1, 3, `${cat}.actions`); // max 3 actions
              length(details, c['title'], 0, 40, `${cat}.title`); // max 40 characters
              length(details, c['text'], 1, c['thumbnailImageUrl'] || c['title'] ? 60 : 120, `${cat}.text`);
            });
          }
        } else if (t['type'] === 'image_carousel') {
          size(details, t['columns'], 1, 10, `${tat}.columns`); // #image-carousel: max 10 columns
        }
        walkActions(details, t, tat, t['type'] === 'image_carousel' ? 12 : 20);
        break;
      }
      case 'flex': {
        // #flex-message: altText max 1500; #f-carousel: max 12 bubbles.
        length(details, m['altText'], 1, 1500, `${at}.altText`);
        const c = m['contents'];
        if (isObj(c) && c['type'] === 'carousel') size(details, c['contents'], 1, 12, `${at}.contents.contents`);
        walkActions(details, c, `${at}.contents`);
        break;
      }
    }
    if (isObj(m['quickReply'])) walkActions(details, m['quickReply'], `${at}.quickReply`);
  });
  return details;
}

/**
 * Rich menu object (https://developers.line.biz/en/reference/messaging-api/#rich-menu-object):
 * the YAML's RichMenuRequest has no required properties and no size limits; LINE requires
 * size/selected/name/chatBarText/areas, width 800-2500, height >= 250, width/height >= 1.45 and
 * at most 20 areas.
 */
export function checkRichMenu(body: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (!isObj(body)) return details;
  for (const k of ['size', 'selected', 'name', 'chatBarText', 'areas']) {
    if (body[k] === undefined || body[k] === null) details.push({ message: 'must be specified', property: k });
  }
  const s = body['size'];
  if (isObj(s) && typeof s['width'] === 'number' && typeof s['height'] === 'number') {
    const { width, height } = s as { width: number; height: number };
    if (width < 800 || width > 2500) details.push({ message: 'must be between 800 and 2500', property: 'size.width' });
    if (height < 250) details.push({ message: 'must be greater than or equal to 250', property: 'size.height' });
    if (width / height < 1.45)
      details.push({ message: 'aspect ratio (width / height) must be >= 1.45', property: 'size' });
  }
  size(details, body['areas'], 0, 20, 'areas');
  if (Array.isArray(body['areas'])) {
    body['areas'].forEach((a, i) => {
      if (!isObj(a)) return;
      required(details, a, ['bounds', 'action'], `areas[${i}]`);
      checkAction(details, a['action'], `areas[${i}].action`);
    });
  }
  return details;
}

export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** Reads the dimensions of a PNG or JPEG from its header; null when it is neither. */
export function inspectImage(bytes: Buffer): ImageInfo | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) {
    return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const len = bytes.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { contentType: 'image/jpeg', height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
    return null;
  }
  return null;
}

/**
 * Rich menu image rules (https://developers.line.biz/en/reference/messaging-api/#upload-rich-menu-image):
 * JPEG or PNG, width 800-2500 px, height >= 250 px, width/height >= 1.45, at most 1 MB.
 */
export function checkRichMenuImage(bytes: Buffer, contentType: string | undefined): string | null {
  if (bytes.length === 0) return 'The request body must contain an image';
  if (bytes.length > 1024 * 1024) return 'The image size must be 1 MB or less';
  const info = inspectImage(bytes);
  const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!info || (declared !== 'image/png' && declared !== 'image/jpeg')) {
    return 'The image must be a JPEG or PNG file sent with Content-Type image/jpeg or image/png';
  }
  if (info.contentType !== declared) return `The Content-Type ${declared} does not match the image data`;
  if (info.width < 800 || info.width > 2500) return 'The image width must be between 800 and 2500 pixels';
  if (info.height < 250) return 'The image height must be 250 pixels or more';
  if (info.width / info.height < 1.45) return 'The image aspect ratio (width / height) must be 1.45 or more';
  return null;
}

/**
 * Recipient ids (https://developers.line.biz/en/reference/messaging-api/#send-push-message): the
 * YAML types `to` / `userIds` as plain strings; LINE rejects ids that are not a user id
 * (`U` + 32 hex), or for push also a group (`C...`) or room (`R...`) id.
 */
export function checkRecipients(ids: unknown, property: string, allowGroups: boolean): ErrorDetail[] {
  const re = allowGroups ? /^[UCR][0-9a-f]{32}$/ : /^U[0-9a-f]{32}$/;
  const details: ErrorDetail[] = [];
  if (typeof ids === 'string') {
    if (!re.test(ids)) details.push({ message: 'invalid ID', property });
  } else if (Array.isArray(ids)) {
    ids.forEach((id, i) => {
      if (typeof id !== 'string' || !re.test(id))
        details.push({ message: 'invalid ID', property: `${property}[${i}]` });
    });
  }
  return details;
}
