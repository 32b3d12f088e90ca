import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import {
  allowsEndpoint,
  HOLDER_ROLE,
  isMutating,
  needsHolders,
  type Access,
  type Endpoint,
  type EndpointOutput,
  type EndpointParsed,
  type Role,
  refusingUnsafeText,
  type ValidationErrors,
} from '@linq/contract';
import type { z } from 'zod';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler as zodValidatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { nestsDeeperThan, TOO_DEEP_MESSAGE } from './json-depth.ts';
import { channelRequest, type ChannelRequest, type Principal, type PrincipalOf } from './principal.ts';
import { registryKey } from './registry.ts';

export interface HandlerContext<E extends Endpoint> {
  params: EndpointParsed<E, 'params'>;
  query: EndpointParsed<E, 'query'>;
  body: EndpointParsed<E, 'body'>;
  /** Null on public endpoints. */
  principal: Principal | null;
  /** Set on channel-scoped service endpoints: the checked LineAccountId. */
  channel: ChannelRequest | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler returns after answering through `reply` itself (a streamed download): the
 * route then sends nothing more. The contract's response schema still documents the body.
 */
export const ANSWERED: unique symbol = Symbol('answered');

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<EndpointOutput<E> | typeof ANSWERED>;

const CHANNEL_HEADER = 'lineaccountid';

/**
 * A check every session route runs once its caller is known, before anything is parsed: it refuses by
 * throwing (an account made read-only by its unpaid bills, for one). Modules contribute them.
 */
export type RouteGuard = (ctx: AppContext, principal: Principal, endpoint: Endpoint) => Promise<void>;
export const ROUTE_GUARDS = registryKey<RouteGuard>('platform.route-guards');

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** Who is calling, settled before the request is parsed or validated (see `route`). */
interface Caller {
  principal: Principal | null;
  channel: ChannelRequest | null;
}
const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * An endpoint that changes state must say what it needs (DESIGN.md section 5): the contract's type
 * demands it, and this refuses, at start-up, one that slipped through (a cast, a spread).
 */
export function assertDeclaresPermission(endpoint: Endpoint): void {
  if (isMutating(endpoint.method) && !endpoint.permission) {
    throw new Error(`${endpoint.method} ${endpoint.path} changes state but declares no permission`);
  }
  if (endpoint.permission && 'none' in endpoint.permission && endpoint.permission.none.trim() === '') {
    throw new Error(`${endpoint.method} ${endpoint.path}: permission none needs its reason`);
  }
}

/**
 * The policy layer above the channel (DESIGN.md section 5): an admin, agency or account endpoint
 * names who may call it (`heldBy`), and its roles are exactly its holders' roles. Refused at
 * start-up otherwise, so no such route exists without its declaration.
 */
export function assertDeclaresHolders(endpoint: Endpoint): void {
  const { access } = endpoint;
  if (access.kind !== 'session') return;
  const undeclared = access.roles.filter(needsHolders);
  if (undeclared.length === 0) return;
  const holders = access.holders ?? [];
  const held = new Set<Role>(holders.map((holder) => HOLDER_ROLE[holder]));
  if (undeclared.some((role) => !held.has(role)) || [...held].some((role) => !access.roles.includes(role))) {
    throw new Error(`${endpoint.method} ${endpoint.path} declares no holders for its roles (heldBy)`);
  }
}

/** Whether the caller is one of the endpoint's holders (a role the endpoint takes is already settled). */
export function holdsAccess(principal: Principal, access: Access): boolean {
  if (access.kind !== 'session' || !access.holders) return true;
  switch (principal.role) {
    case 'admin':
      // A platform admin is also an admin of an OEM (the default one, or the one they act on).
      return access.holders.includes('oem_admin') || (principal.platform && access.holders.includes('platform_admin'));
    case 'agency':
      return (
        access.holders.includes('agency_user') ||
        (principal.agencyRole === 'manager' && access.holders.includes('agency_manager'))
      );
    case 'account':
      return access.holders.includes('account_owner');
    case 'service':
      return true;
  }
}

/**
 * Registers one contract endpoint. Who may call it (session role, staff permission, channel) is
 * settled first, on the request's headers, so a caller without a session gets 401 and one without
 * the permission 403 before anything they sent is parsed or validated; then the schemas from the
 * contract, then the handler.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: Handler<E>) {
  assertDeclaresPermission(endpoint);
  assertDeclaresHolders(endpoint);
  const status = endpoint.successStatus ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[1] ?? 'system'],
      ...(endpoint.access.kind === 'session' ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response },
      ...(endpoint.contentType ? { produces: [endpoint.contentType] } : {}),
    },
    onRequest: async (request) => {
      const caller: Caller = { principal: null, channel: null };
      if (endpoint.access.kind === 'session') {
        caller.principal = await ctx.authenticate(bearerToken(request.headers.authorization), endpoint.access.roles);
        if (!holdsAccess(caller.principal, endpoint.access)) throw forbidden();
        if (caller.principal.role === 'service') caller.channel = authorizeService(caller.principal, endpoint, request);
        for (const guard of ctx.registries.all(ROUTE_GUARDS)) await guard(ctx, caller.principal, endpoint);
      }
      callers.set(request, caller);
    },
    handler: async (request, reply) => {
      const caller = callers.get(request) ?? { principal: null, channel: null };
      const result = await handler({
        params: request.params as EndpointParsed<E, 'params'>,
        query: request.query as EndpointParsed<E, 'query'>,
        body: request.body as EndpointParsed<E, 'body'>,
        principal: caller.principal,
        channel: caller.channel,
        request,
        reply,
      });
      if (result === ANSWERED) return reply;
      return reply.status(status).send(result);
    },
  });
}

function authorizeService(
  principal: PrincipalOf<'service'>,
  endpoint: Endpoint,
  request: FastifyRequest,
): ChannelRequest | null {
  if (endpoint.permission && !allowsEndpoint(principal.permissions, endpoint.permission)) throw forbidden();
  if (endpoint.channelScoped === false) return null;
  const header = request.headers[CHANNEL_HEADER];
  const lineAccountId = Number(Array.isArray(header) ? header[0] : header);
  if (!Number.isInteger(lineAccountId) || lineAccountId <= 0) {
    throw new AppError('bad_request', 'LineAccountId ヘッダーでチャネルを指定してください。');
  }
  if (!principal.lineAccountIds.includes(lineAccountId)) throw forbidden('このチャネルを操作する権限がありません。');
  return channelRequest(principal, lineAccountId);
}

/** Narrows the caller to one role; the route's access list already guarantees it. */
export function principalAs<R extends Role>(principal: Principal | null, role: R): PrincipalOf<R> {
  if (!principal || principal.role !== role) throw unauthorized();
  return principal as PrincipalOf<R>;
}

/** The caller of a session endpoint (the route's access already demanded one). */
export function requirePrincipal(principal: Principal | null): Principal {
  if (!principal) throw unauthorized();
  return principal;
}

export function requireChannel(channel: ChannelRequest | null): ChannelRequest {
  if (!channel) throw new AppError('bad_request', 'LineAccountId ヘッダーでチャネルを指定してください。');
  return channel;
}

/**
 * The contract's schemas, behind the one rule every request's strings follow (no U+0000, no lone
 * surrogate: PostgreSQL cannot keep them), for bodies, queries and path parameters alike.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: refusingUnsafeText(route.schema) });

const NOT_FOUND = '見つかりません。';

/**
 * What the router refuses before any route runs (a path that is no valid URL text, an over-long
 * path parameter): a path that names nothing, answered as the API answers, in JSON.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const pathNamesNothing = ['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH'].includes(error.code);
  const status = pathNamesNothing ? 404 : error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ success: false, errors: pathNamesNothing ? NOT_FOUND : 'リクエストが正しくありません。' });
}

/**
 * The JSON body parser of every route (a scope with its own parser, the webhooks', checks the
 * same): too deep a body is a 400 before anything parses or walks it; then Fastify's own parser,
 * which refuses prototype poisoning.
 */
export function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text)) {
      done(new AppError('bad_request', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

const GENERIC_500 = 'サーバーでエラーが発生しました。しばらくしてから再度お試しください。';

/** The one place errors become HTTP answers: never a stack trace, never internals. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.fieldErrors) return reply.status(422).send({ success: false, errors: error.fieldErrors });
      return reply.status(error.status).send({ ...error.details, success: false, errors: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names nothing valid (an id out of range, a bad character) is a page that does not exist.
      if (error.validationContext === 'params') return reply.status(404).send({ success: false, errors: NOT_FOUND });
      const errors: ValidationErrors = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
        errors[field] ??= { description: issue.message ?? '入力内容が正しくありません' };
      }
      return reply.status(422).send({ success: false, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match the contract');
      return reply.status(500).send({ success: false, errors: GENERIC_500 });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, errors: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    const databaseDown = isConnectionError(error);
    return reply.status(databaseDown ? 503 : 500).send({ success: false, errors: GENERIC_500 });
  });
}

function isConnectionError(error: FastifyError): boolean {
  return (
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001'].includes(error.code ?? '') ||
    /Connection terminated|connect ECONNREFUSED/.test(error.message ?? '')
  );
}
