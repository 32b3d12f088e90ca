import type { ValidationErrors } from '@linq/contract';

export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'too_many_requests'
  | 'payload_too_large';

const statusOf: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
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
  ) {
    super(message);
    this.status = statusOf[kind];
  }
}

export const notFound = (what = 'データ') => new AppError('not_found', `${what}が見つかりません。`);
export const forbidden = (message = 'この操作を行う権限がありません。') => new AppError('forbidden', message);
export const unauthorized = (message = 'ログインしてください。') => new AppError('unauthorized', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const fieldError = (field: string, description: string) =>
  new AppError('validation', description, { [field]: { description } });
