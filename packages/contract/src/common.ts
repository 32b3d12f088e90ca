import { z } from 'zod';

export const id = z.coerce.number().int().positive();
export const idParams = z.object({ id });
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

export const okMessage = dataOf(z.object({ message: z.string() }));

/** 422: one message per invalid field (dotted path for nested fields). */
export const validationErrorBody = z.object({
  success: z.literal(false),
  errors: z.record(z.string(), z.object({ description: z.string() })),
});
export const errorBody = z.object({ success: z.literal(false), errors: z.string() });
export type ValidationErrors = z.infer<typeof validationErrorBody>['errors'];
