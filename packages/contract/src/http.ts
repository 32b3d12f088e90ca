import { z } from 'zod';
import type { EndpointPermission } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Role = 'admin' | 'agency' | 'account' | 'service';
export const ROLES = ['admin', 'agency', 'account', 'service'] as const satisfies readonly Role[];

/**
 * The policy layer above the channel (DESIGN.md section 5): who may call an admin, agency or
 * account endpoint. A platform admin is an admin of the default OEM (every OEM); an OEM admin acts
 * on their own OEM only; agency users (managers and members) act on their agency, and what only
 * the agency's managers may do (its users) is held by `agency_manager`; the account owner acts on
 * their account.
 */
export const HOLDERS = ['platform_admin', 'oem_admin', 'agency_user', 'agency_manager', 'account_owner'] as const;
export type Holder = (typeof HOLDERS)[number];
/** The session role each holder logs in with. */
export const HOLDER_ROLE = {
  platform_admin: 'admin',
  oem_admin: 'admin',
  agency_user: 'agency',
  agency_manager: 'agency',
  account_owner: 'account',
} as const satisfies Record<Holder, Role>;

/**
 * Who may call an endpoint. `service` endpoints additionally run inside the channel
 * named by the LineAccountId header unless `channelScoped` is false. An admin, agency or account
 * endpoint names its holders (`heldBy`); the server refuses to register one that does not.
 */
export type Access = { kind: 'public' } | { kind: 'session'; roles: readonly Role[]; holders?: readonly Holder[] };

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
/** A staff (service) session; other roles declare their holders with `heldBy`. */
export const sessionOf = (...roles: Role[]): Access => ({ kind: 'session', roles });
/** An endpoint of the areas above the channel, callable by these holders only (roles follow). */
export const heldBy = (...holders: Holder[]): Access => ({
  kind: 'session',
  roles: [...new Set(holders.map((holder) => HOLDER_ROLE[holder]))],
  holders,
});
/** These holders, and staff (service sessions, bound by their staff permissions) as well. */
export const heldByOrStaff = (...holders: Holder[]): Access => ({
  kind: 'session',
  roles: [...new Set(holders.map((holder) => HOLDER_ROLE[holder])), 'service'],
  holders,
});
/** Any admin: platform admins on the OEM they choose, OEM admins on their own. */
export const anyAdmin = heldBy('platform_admin', 'oem_admin');
/** Platform admins only (data of the whole platform, the OEMs themselves). */
export const platformAdmin = heldBy('platform_admin');

/** Whether a session role is one of the areas above the channel, whose endpoints name their holders. */
export const needsHolders = (role: Role): boolean => role !== 'service';

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
