import type { z } from 'zod';
import {
  FORM_DATA_SKIPPED_KEYS,
  RENAMED_NESTED_KEYS,
  nullifyNonNumericIds,
  renameNestedAttributes,
  roundBounds,
  skipClientKeys,
  trimStrings,
} from '../message-builder/save-format.ts';
import {
  PLAN_FORM_ITEMS_MAX,
  planSavePayload,
  type PlanActionAttributes,
  type PlanSavePayload,
  type PlanTimingAttributes,
  type TargetConditionAttributes,
} from './attributes.ts';
import { PlanErrorList, type PlanErrors } from './errors.ts';
import { planMessage, type Plan, type PlanAction, type PlanDetail, type PlanTiming } from './model.ts';

/*
 * The plan save format (spec sections 3, 5 and 7): the editor's model → the save payload → the
 * multipart body, and back on the server. One pure step per rule; the message builder's steps
 * (ids, bounds, client keys, *_attributes renames, trimming) are reused for each box's message.
 *
 * Wire form (multipart/form-data, bracket keys):
 * - plan fields at the top level: `name`, `plan_type`, `folder_id` …; numbers and booleans as text
 *   ("true"/"false"); a null field is left out, except rich_menu_id and start_plan_id, which are
 *   sent as an empty string;
 * - lists of values (the spec's form-data list fields, and every other id list) as repeated
 *   `key[]` entries; an empty list as one `key[]` entry with an empty value, which reads back as
 *   [] (an empty value inside a list is never an item);
 * - lists of objects with their index: `plan_actions_attributes[0][message_attributes][text]`;
 *   an empty one as one `key[]` entry with an empty value, like any empty list.
 * The builder's toFormData does not fit: it writes value lists with indexes and leaves empty lists out.
 */

/** Plan keys not converted at plan level (spec section 7). */
export const PLAN_SAVE_EXCLUDED_KEYS = [
  'marks',
  'tags',
  'start_plan',
  'rich_menu',
  'link_urls',
  'target_conditions',
  'deletedConditionIds',
] as const;

/** The targets the editor holds with their names, sent as id lists. */
export const PLAN_TARGET_ID_LISTS = {
  target_tags: 'target_tag_ids',
  target_marks: 'target_mark_ids',
  target_friends: 'target_friend_ids',
} as const;

/** The spec's form-data list fields (section 3): sent as lists in bracket form. */
export const PLAN_FORM_LIST_FIELDS = [
  'mark_ids',
  'tag_ids',
  'target_tag_ids',
  'target_mark_ids',
  'repeat_weekdays',
  'repeat_date_times',
  'auto_keywords',
  'auto_weekdays',
] as const;

/** Sent as an empty string when unset (spec section 5). */
export const PLAN_BLANK_WHEN_UNSET_KEYS = ['rich_menu_id', 'start_plan_id'] as const;

type JsonObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is JsonObject {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export interface PlanSaveOptions {
  /** The folder selected in the folder list; when none is, the plan keeps its own folder_id. */
  selectedFolderId?: number | null;
}

/** The plan's own fields as sent: the excluded keys left out, targets as id lists, unset menu and start plan as null. */
export function planFieldsForSave(plan: Plan, options: PlanSaveOptions = {}): JsonObject {
  const notConverted = new Set<string>([...PLAN_SAVE_EXCLUDED_KEYS, ...Object.keys(PLAN_TARGET_ID_LISTS)]);
  const fields = Object.fromEntries(Object.entries(plan).filter(([key]) => !notConverted.has(key)));
  return {
    ...fields,
    target_tag_ids: plan.target_tags.map((tag) => tag.id),
    target_mark_ids: plan.target_marks.map((mark) => mark.id),
    target_friend_ids: plan.target_friends.map((friend) => friend.id),
    folder_id: options.selectedFolderId ?? plan.folder_id,
    rich_menu_id: plan.rich_menu_id ?? null,
    start_plan_id: plan.start_plan_id ?? null,
  };
}

/** A box as sent: its message in the builder's save format (renamed parts, whole-pixel bounds, no client keys). */
export function actionForSave(action: PlanAction): unknown {
  const steps = [nullifyNonNumericIds, roundBounds, skipClientKeys, renameNestedAttributes];
  return steps.reduce((value: unknown, step) => step(value), {
    ...action,
    rich_menu_id: action.rich_menu_id ?? null,
    start_plan_id: action.start_plan_id ?? null,
  });
}

/** The timings sent: those marked destroyed are left out (the server drops every timing not sent). */
export function timingsForSave(timings: readonly PlanTiming[]): Omit<PlanTiming, '_destroy'>[] {
  return timings.filter((timing) => !timing._destroy).map(({ _destroy: _omitted, ...timing }) => timing);
}

/** Target conditions as sent: tags as tag_ids_accepted / tag_ids_excepted; each deleted one as its id plus the destroy flag. */
export function targetConditionsForSave(plan: Plan): TargetConditionAttributes[] {
  return [
    ...plan.target_conditions.map((condition) => ({
      id: condition.id,
      tag_ids_accepted: condition.tags_accepted.map((tag) => tag.id),
      tag_ids_excepted: condition.tags_excepted.map((tag) => tag.id),
      _destroy: false,
    })),
    ...plan.deletedConditionIds.map((id) => ({ id, tag_ids_accepted: [], tag_ids_excepted: [], _destroy: true })),
  ];
}

/**
 * The save payload of a plan: plan fields, folder_id, plan_actions_attributes,
 * plan_timings_attributes (without destroyed ones) and target_conditions_attributes, every string
 * trimmed. A ZodError means the model itself was malformed.
 */
export function toPlanSavePayload(detail: PlanDetail, options: PlanSaveOptions = {}): PlanSavePayload {
  const payload = {
    ...planFieldsForSave(detail.plan, options),
    plan_actions_attributes: detail.plan_actions.map(actionForSave),
    plan_timings_attributes: timingsForSave(detail.plan_timings),
    target_conditions_attributes: targetConditionsForSave(detail.plan),
  };
  return planSavePayload.parse(trimStrings(skipClientKeys(nullifyNonNumericIds(payload))));
}

const BLANK_WHEN_UNSET = new Set<string>(PLAN_BLANK_WHEN_UNSET_KEYS);
const SKIPPED = new Set<string>(FORM_DATA_SKIPPED_KEYS);

function appendPlanValue(form: FormData, key: string, name: string, value: unknown): void {
  if (SKIPPED.has(name)) return;
  if (value === null || value === undefined) {
    if (BLANK_WHEN_UNSET.has(name)) form.append(key, '');
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) form.append(`${key}[]`, '');
    value.forEach((item: unknown, index) => {
      if (isPlainObject(item)) appendPlanObject(form, `${key}[${index}]`, item);
      else if (item !== null && item !== undefined) form.append(`${key}[]`, String(item));
    });
    return;
  }
  if (isPlainObject(value)) appendPlanObject(form, key, value);
  else form.append(key, String(value));
}

function appendPlanObject(form: FormData, key: string, value: JsonObject): void {
  for (const [name, item] of Object.entries(value)) appendPlanValue(form, `${key}[${name}]`, name, item);
}

/** A deleted condition goes as its id and the destroy flag only; a kept one as its id and tag lists. */
function conditionOnWire(condition: TargetConditionAttributes): JsonObject {
  return condition._destroy
    ? { id: condition.id, _destroy: true }
    : { id: condition.id, tag_ids_accepted: condition.tag_ids_accepted, tag_ids_excepted: condition.tag_ids_excepted };
}

/** The save payload as the multipart body (wire form in this file's comment). */
export function toPlanFormData(payload: PlanSavePayload, form: FormData = new FormData()): FormData {
  const wire: JsonObject = {
    ...payload,
    target_conditions_attributes: payload.target_conditions_attributes.map(conditionOnWire),
  };
  for (const [name, value] of Object.entries(wire)) appendPlanValue(form, name, name, value);
  return form;
}

/** A multipart body that is not a plan save's shape (bad keys, files, duplicates, lists too long). */
export class PlanFormDataError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`${key}: ${reason}`);
    this.name = 'PlanFormDataError';
  }
}

type FormTree = { kind: 'value'; value: string } | { kind: 'list'; items: string[] } | FormBranch;
interface FormBranch {
  kind: 'branch';
  children: Map<string, FormTree>;
}

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_KEY_DEPTH = 12;
const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

function keySegments(key: string): string[] {
  const match = KEY_PATTERN.exec(key);
  if (!match) throw new PlanFormDataError(key, 'キーの形式が正しくありません');
  const segments = [match[1] ?? '', ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
  if (segments.length > MAX_KEY_DEPTH) throw new PlanFormDataError(key, 'キーが深すぎます');
  segments.forEach((segment, index) => {
    if (FORBIDDEN_SEGMENTS.has(segment)) throw new PlanFormDataError(key, '使えないキーです');
    if (segment === '' && index !== segments.length - 1)
      throw new PlanFormDataError(key, 'キーの形式が正しくありません');
    if (/^\d+$/.test(segment) && Number(segment) >= PLAN_FORM_ITEMS_MAX) {
      throw new PlanFormDataError(key, `一覧は${PLAN_FORM_ITEMS_MAX}件までです`);
    }
  });
  return segments;
}

function branchAt(parent: FormBranch, segment: string, key: string): FormBranch {
  const existing = parent.children.get(segment);
  if (existing === undefined) {
    const branch: FormBranch = { kind: 'branch', children: new Map() };
    parent.children.set(segment, branch);
    return branch;
  }
  if (existing.kind !== 'branch') throw new PlanFormDataError(key, '値と項目が重なっています');
  return existing;
}

function addEntry(root: FormBranch, key: string, value: string): void {
  const segments = keySegments(key);
  const isList = segments.at(-1) === '';
  const path = isList ? segments.slice(0, -1) : segments;
  const parent = path.slice(0, -1).reduce((branch, segment) => branchAt(branch, segment, key), root);
  const name = path.at(-1) ?? '';
  const existing = parent.children.get(name);
  if (isList) {
    if (existing !== undefined && existing.kind !== 'list')
      throw new PlanFormDataError(key, '値と一覧が重なっています');
    const list = existing ?? { kind: 'list', items: [] };
    // An empty value marks an empty list; it is never an item.
    if (value !== '') list.items.push(value);
    if (list.items.length > PLAN_FORM_ITEMS_MAX)
      throw new PlanFormDataError(key, `一覧は${PLAN_FORM_ITEMS_MAX}件までです`);
    parent.children.set(name, list);
    return;
  }
  if (existing !== undefined) throw new PlanFormDataError(key, '同じ項目が2回送られました');
  parent.children.set(name, { kind: 'value', value });
}

function treeValue(tree: FormTree): unknown {
  switch (tree.kind) {
    case 'value':
      return tree.value;
    case 'list':
      return tree.items;
    case 'branch': {
      const keys = [...tree.children.keys()];
      if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
        // Indexed items in index order; gaps close up.
        return keys.sort((a, b) => Number(a) - Number(b)).map((key) => treeValue(tree.children.get(key) as FormTree));
      }
      return Object.fromEntries([...tree.children].map(([key, child]) => [key, treeValue(child)]));
    }
  }
}

/** Multipart entries with bracket keys as a nested object of strings and lists (no files). */
export function parseBracketEntries(entries: Iterable<[string, unknown]>): JsonObject {
  const root: FormBranch = { kind: 'branch', children: new Map() };
  for (const [key, value] of entries) {
    if (typeof value !== 'string') throw new PlanFormDataError(key, 'ファイルは送れません');
    addEntry(root, key, value);
  }
  return treeValue(root) as JsonObject;
}

/** What a zod schema is, read from its definition (zod 4's public `def`). */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
}

function defOf(schema: z.ZodType): SchemaDef {
  // The classic API exposes every schema's definition as `def`; only the fields above are read.
  return (schema as unknown as { def: SchemaDef }).def;
}

function baseType(schema: z.ZodType): string {
  const def = defOf(schema);
  if (def.innerType) return baseType(def.innerType);
  if (def.type === 'pipe' && def.in) return baseType(def.in);
  return def.type;
}

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Form values (all text) turned into what `schema` expects: numbers and booleans from their text,
 * a missing nullable field as null, an empty string as null where the field is not text. Values
 * that do not convert are left as they are, for the schema to refuse.
 */
export function coerceFormValues(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
      return value === undefined || !def.innerType ? value : coerceFormValues(def.innerType, value);
    case 'nullable':
      if (value === undefined || value === null) return null;
      if (value === '' && def.innerType && baseType(def.innerType) !== 'string') return null;
      return def.innerType ? coerceFormValues(def.innerType, value) : value;
    case 'pipe':
      return def.in ? coerceFormValues(def.in, value) : value;
    case 'number':
      return typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'array': {
      const element = def.element;
      return Array.isArray(value) && element ? value.map((item: unknown) => coerceFormValues(element, item)) : value;
    }
    case 'object': {
      const shape = def.shape;
      if (!isPlainObject(value) || !shape) return value;
      return {
        ...value,
        ...Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, coerceFormValues(field, value[key])])),
      };
    }
    default:
      return value;
  }
}

const ISSUE_DESCRIPTIONS: Record<string, string> = {
  invalid_type: '形式が正しくありません',
  invalid_value: '選べない値です',
  too_big: '上限を超えています',
  too_small: '下限を下回っています',
};

/** Zod's issues with a save payload as keyed plan errors (Japanese descriptions). */
export function planErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): PlanErrors {
  const list = new PlanErrorList();
  for (const issue of issues) {
    list.add(
      issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment.description) : segment)),
      ISSUE_DESCRIPTIONS[issue.code] ?? '値が正しくありません',
    );
  }
  return list.errors;
}

export type PlanFormResult = { success: true; data: PlanSavePayload } | { success: false; errors: PlanErrors };

/** The server's side: a multipart plan save read back into the save payload, or keyed errors. */
export function parsePlanFormData(entries: Iterable<[string, unknown]>): PlanFormResult {
  let tree: JsonObject;
  try {
    tree = parseBracketEntries(entries);
  } catch (error) {
    if (error instanceof PlanFormDataError)
      return { success: false, errors: { [error.key]: { description: error.message } } };
    throw error;
  }
  const parsed = planSavePayload.safeParse(coerceFormValues(planSavePayload, tree));
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: planErrorsFromIssues(parsed.error.issues) };
}

const RENAMED = new Set<string>(RENAMED_NESTED_KEYS);
const ATTRIBUTES_SUFFIX = '_attributes';

/** The inverse of the builder's renames: `<name>_attributes` back to `<name>`, the null originals dropped. */
export function restoreNestedNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(restoreNestedNames);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]): [string, unknown][] => {
      const base = key.endsWith(ATTRIBUTES_SUFFIX) ? key.slice(0, -ATTRIBUTES_SUFFIX.length) : null;
      if (base !== null && RENAMED.has(base)) return [[base, restoreNestedNames(item)]];
      if (RENAMED.has(key) && `${key}${ATTRIBUTES_SUFFIX}` in value) return [];
      return [[key, restoreNestedNames(item)]];
    }),
  );
}

/** A sent box back as the model (its message out of the save format). */
export function actionFromAttributes(action: PlanActionAttributes): PlanAction {
  const { message: _renamed, message_attributes: message, ...box } = action;
  return { ...box, message: planMessage.parse(restoreNestedNames(message)) };
}

/** A sent timing back as the model (sent timings are never destroyed). */
export function timingFromAttributes(timing: PlanTimingAttributes): PlanTiming {
  return { ...timing, _destroy: false };
}

/** A plan save as the server uses it: the plan's fields (ids), boxes and timings as the model, the target conditions as sent. */
export interface PlanSaveInput {
  plan: Omit<PlanSavePayload, 'plan_actions_attributes' | 'plan_timings_attributes' | 'target_conditions_attributes'>;
  plan_actions: PlanAction[];
  plan_timings: PlanTiming[];
  target_conditions: TargetConditionAttributes[];
}

export function fromPlanSavePayload(payload: PlanSavePayload): PlanSaveInput {
  const {
    plan_actions_attributes: actions,
    plan_timings_attributes: timings,
    target_conditions_attributes: conditions,
    ...plan
  } = payload;
  return {
    plan,
    plan_actions: actions.map(actionFromAttributes),
    plan_timings: timings.map(timingFromAttributes),
    target_conditions: conditions,
  };
}

export type PlanFormInputResult = { success: true; data: PlanSaveInput } | { success: false; errors: PlanErrors };

/** A multipart plan save back into the model (parsePlanFormData, then fromPlanSavePayload). */
export function fromPlanFormData(entries: Iterable<[string, unknown]>): PlanFormInputResult {
  const parsed = parsePlanFormData(entries);
  return parsed.success ? { success: true, data: fromPlanSavePayload(parsed.data) } : parsed;
}
