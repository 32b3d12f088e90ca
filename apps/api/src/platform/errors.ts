import type { ValidationErrors } from '@linq/contract';

export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'validation'
  | 'too_many_requests'
  | 'payload_too_large';

const statusOf: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  validation: 422,
  too_many_requests: 429,
};

/** The one domain error type; `platform/http-errors.ts` maps it to HTTP. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly fieldErrors?: ValidationErrors,
    /** More of the answer beside the message (a 409's reasons, as the contract names them). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = statusOf[kind];
  }
}

export const notFound = (what = 'データ') => new AppError('not_found', `${what}が見つかりません。`);
export const forbidden = (message = 'この操作を行う権限がありません。') => new AppError('forbidden', message);
export const unauthorized = (message = 'ログインしてください。') => new AppError('unauthorized', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError('conflict', message, undefined, details);
export const fieldError = (field: string, description: string) =>
  new AppError('validation', description, { [field]: { description } });

export const ID_MISMATCH_MESSAGE = 'URLと送信データのIDが一致しません。';

/** An update whose body names another id than its URL is refused before anything else is judged. */
export function requireSameId(urlId: number, bodyId: number | undefined): void {
  if (bodyId !== undefined && bodyId !== urlId) throw new AppError('bad_request', ID_MISMATCH_MESSAGE);
}

/** Runs a write whose unique name check (`isDuplicate`) becomes 422 on `name` with `message`. */
export async function uniqueName<T>(
  write: Promise<T>,
  isDuplicate: (error: unknown) => boolean,
  message: string,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isDuplicate(error)) throw fieldError('name', message);
    throw error;
  }
}
