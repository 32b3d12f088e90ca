import { z } from 'zod';
import {
  dataOf,
  sortIndexInput,
  id,
  idNumber,
  idParams,
  listOf,
  pageQuery,
  requiredText,
  timestamp,
} from './common.ts';
import { endpoint, sessionOf } from './http.ts';

/** Tags and marks: a channel's labels on friends, kept in folders of their own type. */
export const LABEL_NAME_MAX = 50;
export const LABEL_PAGE_SIZE = 100;
export const LABEL_BULK_MAX = 1000;

const labelFields = {
  id: z.number().int(),
  name: z.string(),
  folder_id: z.number().int().nullable(),
  sort_index: z.number().int(),
  /** Following friends that carry the label. */
  friend_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
};
export const tag = z.object(labelFields);
export type Tag = z.infer<typeof tag>;
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
export const mark = z.object({ ...labelFields, color: z.string() });
export type Mark = z.infer<typeof mark>;

const labelInputFields = {
  name: requiredText(LABEL_NAME_MAX),
  /** A folder of the channel of the label's type; null or missing: no folder. */
  folder_id: id.nullish().transform((value) => value ?? null),
  sort_index: sortIndexInput,
};
export const tagInput = z.object(labelInputFields);
export type TagInput = z.input<typeof tagInput>;
export const markInput = z.object({
  ...labelInputFields,
  color: z
    .string()
    .trim()
    .regex(HEX_COLOR, { message: '#RRGGBB の形式で入力してください' })
    .transform((value) => value.toUpperCase()),
});
export type MarkInput = z.input<typeof markInput>;

export const labelListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(LABEL_PAGE_SIZE),
  q: z.string().trim().max(100).optional(),
  folder_id: id.optional(),
});
export type LabelListQuery = z.input<typeof labelListQuery>;

/** Delete asks first: without confirm=true a label friends carry answers 409 with their number. */
export const labelDeleteQuery = z.object({
  confirm: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * Where a label is used (besides friends carrying it): a plan's target, what a plan or a box puts
 * on friends, a scenario's trigger, and later rich-menu rules, form and inflow actions. `feature`
 * and `where` are codes the console words; `id` and `name` are the user (the plan…).
 */
export const labelUse = z.object({
  feature: z.string(),
  id: z.number().int(),
  name: z.string(),
  where: z.string(),
});
export type LabelUse = z.infer<typeof labelUse>;
/** The 409 of deleting a label that is used, without confirm=true: the message and the uses. */
export const labelInUseAnswer = z.object({ success: z.literal(false), errors: z.string(), uses: z.array(labelUse) });

export const labelFriendsInput = z.object({
  friend_ids: z.array(idNumber).min(1).max(LABEL_BULK_MAX),
});
export type LabelFriendsInput = z.input<typeof labelFriendsInput>;

function labelEndpoints<const Base extends string, K extends 'tag' | 'mark', S extends z.ZodType, I extends z.ZodType>(
  base: Base,
  key: K,
  item: S,
  input: I,
) {
  const access = sessionOf('service');
  const feature = key === 'tag' ? 'tags' : 'marks';
  const view = { feature, level: 'view' } as const;
  const edit = { feature, level: 'edit' } as const;
  /** The label after the change and how many friends it was put on or taken off. */
  const bulkAnswer = dataOf(
    z.object({ [key]: item, changed: z.number().int() } as { [P in K]: S } & { changed: z.ZodNumber }),
  );
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `The channel's ${feature} by sort_index then id, with following-friend counts`,
      access,
      permission: view,
      query: labelListQuery,
      response: listOf(item),
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      summary: `One ${key}`,
      access,
      permission: view,
      params: idParams,
      response: dataOf(item),
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      summary: `Create a ${key}`,
      access,
      permission: edit,
      body: input,
      response: dataOf(item),
      successStatus: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      summary: `Update a ${key}`,
      access,
      permission: edit,
      params: idParams,
      body: input,
      response: dataOf(item),
    }),
    uses: endpoint({
      method: 'GET',
      path: `${base}/:id/uses`,
      summary: `Where the ${key} is used: plan targets, plan and box effects, scenario triggers…`,
      access,
      permission: view,
      params: idParams,
      response: dataOf(z.array(labelUse)),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: `Delete a ${key}; one that is used or that friends carry needs confirm=true (else 409 with its uses, labelInUseAnswer, or the friends' number)`,
      access,
      permission: edit,
      params: idParams,
      query: labelDeleteQuery,
      response: dataOf(item),
    }),
    addFriends: endpoint({
      method: 'POST',
      path: `${base}/:id/friends`,
      summary: `Put the ${key} on friends of the channel (those that have it already are skipped)`,
      access,
      permission: edit,
      params: idParams,
      body: labelFriendsInput,
      response: bulkAnswer,
    }),
    removeFriends: endpoint({
      method: 'DELETE',
      path: `${base}/:id/friends`,
      summary: `Take the ${key} off friends of the channel`,
      access,
      permission: edit,
      params: idParams,
      body: labelFriendsInput,
      response: bulkAnswer,
    }),
  };
}

export const tagsApi = labelEndpoints('/service/tags', 'tag', tag, tagInput);
export const marksApi = labelEndpoints('/service/marks', 'mark', mark, markInput);
