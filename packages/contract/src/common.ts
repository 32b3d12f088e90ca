import { z } from 'zod';

/** Every id column is a PostgreSQL `integer`: an id outside 1…ID_MAX names no row. */
export const ID_MAX = 2_147_483_647;
const ID_RANGE_MESSAGE = '正しいIDを指定してください';
/** An id in JSON (a body): an integer 1…ID_MAX. */
export const idNumber = z
  .number()
  .int({ message: ID_RANGE_MESSAGE })
  .min(1, { message: ID_RANGE_MESSAGE })
  .max(ID_MAX, { message: ID_RANGE_MESSAGE });
/** An id in a path, a query string or a body, text or number: an integer 1…ID_MAX. */
export const id = z.coerce
  .number()
  .int({ message: ID_RANGE_MESSAGE })
  .min(1, { message: ID_RANGE_MESSAGE })
  .max(ID_MAX, { message: ID_RANGE_MESSAGE });
export const idParams = z.object({ id });

/**
 * Text PostgreSQL cannot store (U+0000) or that is no Unicode at all (a lone surrogate, which
 * would turn into U+FFFD on the way): refused in every string and object key of every request.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSAFE_TEXT_MESSAGE = '使用できない文字（NUL 文字など）が含まれています';
export const isUnsafeText = (text: string): boolean => UNSAFE_TEXT.test(text);

/** The first place in a parsed request part (body, query, params) holding unsafe text, as a path. */
export function unsafeTextPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsafeTextPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) return [...path, key];
      const found = unsafeTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** `schema` behind the unsafe-text rule: the one place requests' strings are checked for it. */
export function refusingUnsafeText<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .superRefine((value, check) => {
      const path = unsafeTextPath(value);
      if (path) check.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE, input: value });
    })
    .pipe(schema);
}
export const timestamp = z.string().describe('ISO 8601 date-time with offset');

/** Trims every string and turns an empty one into a required-field error. */
export const requiredText = (max = 255) =>
  z
    .string()
    .trim()
    .min(1, { message: '入力してください' })
    .max(max, { message: `${max}文字以内で入力してください` });
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, { message: `${max}文字以内で入力してください` });
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'メールアドレスの形式が正しくありません' }));
/** Password policy: NIST-style length rule, no composition rules. */
export const newPassword = z
  .string()
  .min(10, { message: 'パスワードは10文字以上にしてください' })
  .max(128, { message: 'パスワードは128文字以内にしてください' });

/** Spec section 5: a missing (or null) sort_index is sent, and stored, as 0. */
export const sortIndexInput = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .nullish()
  .transform((value) => value ?? 0);

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

export const pagination = z.object({ current: z.number().int(), pageSize: z.number().int() });
export type Pagination = z.infer<typeof pagination>;

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total_item_count: z.number().int(), pagination });

/** One page of a list answer (`listOf`): the rows, the total and the page the query asked for. */
export function listPage<T>(data: T[], total: number, query: { page: number; limit: number }) {
  return { data, total_item_count: total, pagination: { current: query.page, pageSize: query.limit } };
}

export const okMessage = dataOf(z.object({ message: z.string() }));

/** 422: one message per invalid field (dotted path for nested fields). */
export const validationErrorBody = z.object({
  success: z.literal(false),
  errors: z.record(z.string(), z.object({ description: z.string() })),
});
export const errorBody = z.object({ success: z.literal(false), errors: z.string() });
export type ValidationErrors = z.infer<typeof validationErrorBody>['errors'];
