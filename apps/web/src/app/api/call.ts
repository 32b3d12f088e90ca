import type { Endpoint, EndpointInput, EndpointOutput } from '@linq/contract';
import { fillPath } from './url.ts';
import { request, type HandledFailures } from './request.ts';

export interface CallOptions {
  handles?: HandledFailures;
  signal?: AbortSignal;
}

interface RawInput {
  params?: object;
  query?: object;
  body?: unknown;
}

/** Calls a contract endpoint; resolves with its success body, rejects with an ApiError. */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const { params, query, body } = input as RawInput;
  const data = await request({
    method: endpoint.method,
    path: fillPath(endpoint.path, params),
    query,
    body,
    authenticated: endpoint.access.kind === 'session',
    ...options,
  });
  if (import.meta.env.DEV && !(data instanceof Blob)) warnOnContractDrift(endpoint, data);
  // The server validates every response against this same contract schema.
  return data as EndpointOutput<E>;
}

function warnOnContractDrift(endpoint: Endpoint, data: unknown): void {
  const result = endpoint.response.safeParse(data);
  if (!result.success)
    console.warn(`Response of ${endpoint.method} ${endpoint.path} differs from the contract`, result.error);
}
