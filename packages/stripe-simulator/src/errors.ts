/**
 * Stripe's error answer: `{ error: { type, code?, decline_code?, message, param?, doc_url? } }`
 * with the HTTP status Stripe documents (400 invalid request, 401 authentication, 402 card
 * declined, 404 missing resource, 409 idempotency conflict).
 */
export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'authentication_error';

export interface StripeErrorInit {
  type: StripeErrorType;
  message: string;
  code?: string;
  declineCode?: string;
  param?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly init: StripeErrorInit,
  ) {
    super(init.message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { message: this.init.message, type: this.init.type };
    if (this.init.code) {
      error['code'] = this.init.code;
      error['doc_url'] = `https://stripe.com/docs/error-codes/${this.init.code.replace(/_/g, '-')}`;
    }
    if (this.init.declineCode) error['decline_code'] = this.init.declineCode;
    if (this.init.param) error['param'] = this.init.param;
    return { error };
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}
