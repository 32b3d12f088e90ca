import {
  templateSavePayload,
  type MessageActionAttributes,
  type MessageAttributes,
  type TemplateSavePayload,
} from './attributes.ts';
import type { BuilderMessage, MessageAction, MessageTemplateState } from './model.ts';

/*
 * The save format (spec sections 3 and 5), one pure step per rule, composed in toSavePayload;
 * fromSavePayload reads a stored payload back into the model.
 */

type JsonObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is JsonObject {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Rebuilds plain objects and arrays, letting `visit` change each object's entries. */
function mapObjects(value: unknown, visit: (entries: [string, unknown][]) => [string, unknown][]): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => mapObjects(item, visit));
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => [key, mapObjects(item, visit)]);
  return Object.fromEntries(visit(entries));
}

/** An `id` that is not a number (a client key, undefined) means a new item: it is sent as null. */
export function nullifyNonNumericIds(value: unknown): unknown {
  return mapObjects(value, (entries) =>
    entries.map(([key, item]) => [
      key,
      key === 'id' && !(typeof item === 'number' && Number.isFinite(item)) ? null : item,
    ]),
  );
}

/** Model keys that the save format renames to `<name>_attributes`. */
export const RENAMED_NESTED_KEYS = [
  'message',
  'template',
  'message_confirm',
  'message_quick_reply',
  'message_image_carousels',
  'message_columns',
  'message_actions',
  'score',
  'link_urls',
] as const;
export type RenamedNestedKey = (typeof RENAMED_NESTED_KEYS)[number];

const RENAMED = new Set<string>(RENAMED_NESTED_KEYS);

/** Nested parts are sent as `<name>_attributes` and their originals set to null. */
export function renameNestedAttributes(value: unknown): unknown {
  return mapObjects(value, (entries) =>
    entries.flatMap(([key, item]): [string, unknown][] =>
      RENAMED.has(key)
        ? [
            [key, null],
            [`${key}_attributes`, item],
          ]
        : [[key, item]],
    ),
  );
}

const BOUNDS_KEYS = new Set(['axis_x', 'axis_y', 'width', 'height']);
const LINK_URLS_KEYS = new Set(['link_urls', 'link_urls_attributes']);

function roundArea(area: unknown): unknown {
  if (!isPlainObject(area)) return area;
  return Object.fromEntries(
    Object.entries(area).map(([key, item]) => [
      key,
      BOUNDS_KEYS.has(key) && typeof item === 'number' ? Math.round(item) : item,
    ]),
  );
}

/** Image carousel tap areas' bounds are saved as whole pixels. */
export function roundBounds(value: unknown): unknown {
  return mapObjects(value, (entries) =>
    entries.map(([key, item]) => [key, LINK_URLS_KEYS.has(key) && Array.isArray(item) ? item.map(roundArea) : item]),
  );
}

/** Trims every string of a payload, nested ones included (spec section 5). */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((item: unknown) => trimStrings(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimStrings(item)])) as T;
  }
  return value;
}

/** Client-only keys never sent in form data (spec section 5). */
export const FORM_DATA_SKIPPED_KEYS = ['previewImageUrl', 'form_random_id', 'imageUrl'] as const;
const SKIPPED = new Set<string>(FORM_DATA_SKIPPED_KEYS);

/** Removes the client-only keys at any depth. */
export function skipClientKeys(value: unknown): unknown {
  return mapObjects(value, (entries) => entries.filter(([key]) => !SKIPPED.has(key)));
}

function appendFormValue(form: FormData, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) form.append(key, value);
  else if (value instanceof Date) form.append(key, value.toISOString());
  else if (Array.isArray(value))
    value.forEach((item: unknown, index) => appendFormValue(form, `${key}[${index}]`, item));
  else if (isPlainObject(value)) {
    for (const [name, item] of Object.entries(value)) {
      if (!SKIPPED.has(name)) appendFormValue(form, `${key}[${name}]`, item);
    }
  } else form.append(key, String(value));
}

/**
 * A payload as a multipart body with bracket keys (`a[b][0][c]`): client-only keys and
 * null/undefined values are left out, numbers and booleans sent as text, files as files.
 */
export function toFormData(payload: object, form: FormData = new FormData()): FormData {
  for (const [key, value] of Object.entries(payload)) {
    if (!SKIPPED.has(key)) appendFormValue(form, key, value);
  }
  return form;
}

function sameContent(left: unknown, right: unknown): boolean {
  return JSON.stringify(sortedKeys(skipClientKeys(left))) === JSON.stringify(sortedKeys(skipClientKeys(right)));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key])]),
  );
}

/**
 * The ids of existing items that changed: items of `next` matched to an item of `previous` by
 * `key`, whose content differs (client-only keys ignored). Items without a numeric id are new, not changed.
 */
export function changedItems<T extends { id?: unknown }>(
  previous: readonly T[],
  next: readonly T[],
  key: keyof T,
): number[] {
  const changed: number[] = [];
  for (const item of next) {
    const match = item[key];
    if (match === undefined || match === null) continue;
    const before = previous.find((candidate) => candidate[key] === match);
    if (before !== undefined && typeof item.id === 'number' && !sameContent(before, item)) changed.push(item.id);
  }
  return changed;
}

/**
 * The template as the server saves it (spec section 3): the steps above, then checked against the
 * save schema (a ZodError means the model itself was malformed, e.g. an id that is not a positive integer).
 */
export function toSavePayload(state: MessageTemplateState): TemplateSavePayload {
  const steps = [nullifyNonNumericIds, roundBounds, skipClientKeys, renameNestedAttributes, trimStrings];
  return templateSavePayload.parse(steps.reduce((value: unknown, step) => step(value), state));
}

function actionFromAttributes(action: MessageActionAttributes): MessageAction {
  return {
    id: action.id,
    action_type: action.action_type,
    label: action.label,
    text: action.text,
    display_text: action.display_text,
    uri: action.uri,
    score: action.score_attributes,
  };
}

function messageFromAttributes(message: MessageAttributes): BuilderMessage {
  const confirm = message.message_confirm_attributes;
  const quickReply = message.message_quick_reply_attributes;
  return {
    id: message.id,
    message_type: message.message_type,
    text: message.text,
    alt_text: message.alt_text,
    image_url: message.image_url,
    sticker_package_id: message.sticker_package_id,
    sticker_id: message.sticker_id,
    message_confirm: confirm && {
      id: confirm.id,
      text: confirm.text,
      message_actions: confirm.message_actions_attributes.map(actionFromAttributes),
    },
    message_quick_reply: quickReply && {
      id: quickReply.id,
      message_actions: quickReply.message_actions_attributes.map(actionFromAttributes),
    },
    message_columns:
      message.message_columns_attributes?.map((column) => ({
        id: column.id,
        image_url: column.image_url,
        title: column.title,
        text: column.text,
        message_actions: column.message_actions_attributes.map(actionFromAttributes),
      })) ?? null,
    message_image_carousels:
      message.message_image_carousels_attributes?.map((column) => ({
        id: column.id,
        image_url: column.image_url,
        image_width: column.image_width,
        image_height: column.image_height,
        link_urls: column.link_urls_attributes.map((area) => ({
          ...actionFromAttributes(area),
          axis_x: area.axis_x,
          axis_y: area.axis_y,
          width: area.width,
          height: area.height,
        })),
      })) ?? null,
  };
}

/** A saved payload back as the model (the inverse of toSavePayload, minus client keys). */
export function fromSavePayload(payload: TemplateSavePayload): MessageTemplateState {
  return {
    id: payload.id,
    message: messageFromAttributes(payload.message_attributes),
    template: { name: payload.template_attributes.name, folder_id: payload.template_attributes.folder_id },
  };
}
