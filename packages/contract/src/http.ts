import { z } from 'zod';
import type { EndpointPermission } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Role = 'admin' | 'agency' | 'account' | 'service';
export const ROLES = ['admin', 'agency', 'account', 'service'] as const satisfies readonly Role[];

/**
 * Who may call an endpoint. `service` endpoints additionally run inside the channel
 * named by the LineAccountId header unless `channelScoped` is false.
 */
export type Access = { kind: 'public' } | { kind: 'session'; roles: readonly Role[] };

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/account/users/:id`. */
  path: string;
  summary: string;
  access: Access;
  /**
   * What the caller needs beyond `access` (staff permissions bind service sessions). Required on
   * every endpoint that changes state (POST, PUT, DELETE): `endpoint()` does not compile without it
   * and the server refuses to register such a route.
   */
  permission?: EndpointPermission;
  /** Service endpoints need a LineAccountId header unless this is false. */
  channelScoped?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status code of a successful answer (200 unless stated). */
  successStatus?: number;
  /** Media type of a successful answer that is not JSON (a download such as text/csv): read it as a blob. */
  contentType?: string;
}

/** Methods that change state: their endpoints must declare a permission. */
export const MUTATING_METHODS = ['POST', 'PUT', 'DELETE'] as const satisfies readonly HttpMethod[];
export const isMutating = (method: HttpMethod): boolean => (MUTATING_METHODS as readonly string[]).includes(method);

/** A mutating endpoint without a permission declaration is a type error. */
type DeclaresPermission<M extends HttpMethod> = M extends 'GET'
  ? { permission?: EndpointPermission }
  : { permission: EndpointPermission };

/**
 * Every endpoint of the API, as each contract file defines it (`endpoint()` adds it here): the
 * OpenAPI document, the isolation matrix and the permission walk read it once the contract is
 * loaded, so a feature's endpoints are in it by existing, with no central list to edit.
 */
export const allEndpoints: Endpoint[] = [];

export function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  M extends HttpMethod = HttpMethod,
>(
  definition: Endpoint<P, Q, B, R> & { method: M } & DeclaresPermission<M>,
): Endpoint<P, Q, B, R> & DeclaresPermission<M> {
  allEndpoints.push(definition as unknown as Endpoint);
  return definition;
}

export const publicAccess: Access = { kind: 'public' };
export const sessionOf = (...roles: Role[]): Access => ({ kind: 'session', roles });

type Present<T> = NonNullable<T> extends z.ZodUndefined ? never : NonNullable<T>;
type Input<T> = z.input<Present<T> & z.ZodType>;
/** What a caller sends: path params, query and body, each only when the endpoint has it. */
export type EndpointInput<E extends Endpoint> = ([Present<E['params']>] extends [never]
  ? object
  : { params: Input<E['params']> }) &
  ([Present<E['query']>] extends [never] ? object : { query?: Input<E['query']> }) &
  ([Present<E['body']>] extends [never] ? object : { body: Input<E['body']> });
export type EndpointOutput<E extends Endpoint> = z.output<E['response']>;
/** What the server hands a handler after validation. */
export type EndpointParsed<E extends Endpoint, K extends 'params' | 'query' | 'body'> = [Present<E[K]>] extends [never]
  ? undefined
  : z.output<Present<E[K]> & z.ZodType>;
