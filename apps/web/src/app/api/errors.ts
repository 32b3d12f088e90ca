import type { ValidationErrors } from '@linq/contract';

/** Error catalogue texts, verbatim from spec section 8 (the misspelling and trailing space included). */
export const HTTP_ERROR_DESCRIPTIONS: Readonly<Partial<Record<number, string>>> = {
  200: 'The server successfully returned the requested data.',
  401: 'Permission denined ',
  403: 'Forbidden',
};
export const NETWORK_ERROR_TITLE = 'ネットワークエラー';
export const NETWORK_ERROR_DESCRIPTION = 'サーバーに接続できません。';

/** Used when the response carries no status text (HTTP/2 never does). */
const STANDARD_STATUS_TEXTS: Readonly<Partial<Record<number, string>>> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function requestErrorTitle(status: number, url: string): string {
  return `Request error ${status}: ${url}`;
}

export function requestErrorDescription(status: number, statusText: string): string {
  return HTTP_ERROR_DESCRIPTIONS[status] ?? (statusText || STANDARD_STATUS_TEXTS[status] || String(status));
}

/** Status 0 means no response arrived at all. */
export const NO_RESPONSE = 0;

/**
 * A failed API call. `message` is the server's own message when it sent one (`errors` as a string),
 * otherwise the catalogue description; `fieldErrors` holds the 422 per-field messages.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly url: string;
  readonly fieldErrors: ValidationErrors | null;
  /** The response body as received, for callers that need more than the message. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    url: string;
    message: string;
    fieldErrors?: ValidationErrors | null;
    body?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.url = init.url;
    this.fieldErrors = init.fieldErrors ?? null;
    this.body = init.body;
  }

  get isNetworkError(): boolean {
    return this.status === NO_RESPONSE;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Reads the `errors` field of an error body: a message string, or 422 field messages. */
export function parseErrorsField(body: unknown): { message: string | null; fieldErrors: ValidationErrors | null } {
  const errors = body !== null && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (typeof errors === 'string') return { message: errors, fieldErrors: null };
  if (errors !== null && typeof errors === 'object' && !Array.isArray(errors)) {
    const fieldErrors: ValidationErrors = {};
    for (const [field, detail] of Object.entries(errors as Record<string, unknown>)) {
      const description = (detail as { description?: unknown } | null)?.description;
      if (typeof description === 'string') fieldErrors[field] = { description };
    }
    return { message: null, fieldErrors };
  }
  return { message: null, fieldErrors: null };
}
