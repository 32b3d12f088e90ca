import { fillPath, IMAGE_UPLOAD_FIELD, type Endpoint, type EndpointInput, type EndpointOutput } from '@linq/contract';
import { withActingOem } from '../acting-oem.ts';
import { request, type RequestOptions } from './request.ts';

export type CallOptions = Pick<RequestOptions, 'handles' | 'signal' | 'lineAccountId'>;

interface RawInput {
  params?: object;
  query?: object;
  body?: unknown;
}

async function send<E extends Endpoint>(
  endpoint: E,
  { params, query }: RawInput,
  body: unknown,
  options: CallOptions,
): Promise<EndpointOutput<E>> {
  const data = await request({
    method: endpoint.method,
    path: fillPath(endpoint.path, params),
    query: withActingOem(endpoint, query),
    body,
    authenticated: endpoint.access.kind === 'session',
    ...options,
  });
  if (import.meta.env.DEV && !(data instanceof Blob)) warnOnContractDrift(endpoint, data);
  // The server validates every response against this same contract schema.
  return data as EndpointOutput<E>;
}

/** Calls a contract endpoint; resolves with its success body, rejects with an ApiError. */
export function call<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const raw = input as RawInput;
  return send(endpoint, raw, raw.body, options);
}

/**
 * Sends a body the contract describes as multipart/form-data (the plan save format, built by the
 * contract's helpers) to the endpoint; resolves with its success body, rejects with an ApiError.
 */
export function callWithForm<E extends Endpoint>(
  endpoint: E,
  input: Omit<EndpointInput<E>, 'body'>,
  form: FormData,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  return send(endpoint, input as RawInput, form, options);
}

/**
 * Sends one file to a contract endpoint as multipart/form-data (field "file"; the browser sets the
 * boundary); resolves with its success body, rejects with an ApiError.
 */
export function uploadFile<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  file: Blob,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, file);
  return send(endpoint, input as RawInput, form, options);
}

function warnOnContractDrift(endpoint: Endpoint, data: unknown): void {
  const result = endpoint.response.safeParse(data);
  if (!result.success)
    console.warn(`Response of ${endpoint.method} ${endpoint.path} differs from the contract`, result.error);
}
