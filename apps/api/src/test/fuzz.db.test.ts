/**
 * Bad input over the whole route table (issue 12 §4): for every contract endpoint, a plausible
 * input built from its own schemas, then each path parameter, query parameter and body field
 * (nested ones too) spoiled in turn — ids out of the columns' range or not integers, NUL and lone
 * surrogates, wrong types, empty and over-long values. No answer may be a 5xx, and every error is
 * JSON without a stack trace or SQL. A new route is fuzzed by being in the contract.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint, type Role } from '@linq/contract';
import { useTestApp } from './kit.ts';
import { messageOf, payloadOf } from '../modules/templates/test-support.ts';
import { leavesOf, replaceAt, sampleOf } from './sample-input.ts';
import { TOO_DEEP_MESSAGE } from '../platform/json-depth.ts';

let adminToken: string;
/** Ids of rows the fuzz may read, change or delete, by the path they are addressed under. */
const idFor = new Map<string, number>();
/** Beyond every id column: such an id names no row. */
const NO_ROW = 2_000_000_000;

const t = useTestApp();

beforeAll(async () => {
  const admin = await t.factory.user('admin');
  adminToken = await t.factory.login('admin', admin.email);
  const lineAccountId = t.tenant.channels[0]!.id;
  const tag = await t.factory.tag(lineAccountId);
  const mark = await t.factory.mark(lineAccountId);
  const field = await t.factory.infoField(lineAccountId);
  const friend = await t.factory.friend(lineAccountId, { tagIds: [tag.id], markIds: [mark.id] });
  const authority = await t.factory.staffAuthority(t.tenant.account.id);
  const user = await t.factory.user('service', {
    accountId: t.tenant.account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [lineAccountId],
  });
  const spareChannel = await t.factory.lineAccount(t.tenant.account.id);
  const template = await t.request({
    method: 'POST',
    path: '/service/templates',
    token: t.tenant.tokens.staff,
    lineAccountId,
    body: payloadOf(messageOf('text_message'), { name: 'fuzz' }),
  });
  const teppan = await t.request({
    method: 'POST',
    path: '/admin/teppan/templates',
    token: adminToken,
    body: payloadOf(messageOf('text_message'), { name: 'fuzz' }),
  });
  const folder = await t.request({
    method: 'POST',
    path: '/service/folders',
    token: t.tenant.tokens.staff,
    lineAccountId,
    body: { name: 'fuzz', folder_type: 'tags' },
  });
  const adminFolder = await t.request({
    method: 'POST',
    path: '/admin/folders',
    token: adminToken,
    body: { name: 'fuzz', folder_type: 'templates' },
  });
  idFor.set('/service/tags', tag.id);
  idFor.set('/service/marks', mark.id);
  idFor.set('/service/friends', friend.id);
  idFor.set('/service/friend_info_fields', field.id);
  idFor.set('/service/templates', (template.json as { plan: { id: number } }).plan.id);
  idFor.set('/service/teppan/templates', (teppan.json as { plan: { id: number } }).plan.id);
  idFor.set('/admin/teppan/templates', (teppan.json as { plan: { id: number } }).plan.id);
  idFor.set('/service/folders', (folder.json.data as { id: number }).id);
  idFor.set('/admin/folders', (adminFolder.json.data as { id: number }).id);
  idFor.set('/account/users', user.id);
  idFor.set('/account/staff_authorities', authority.id);
  idFor.set('/account/line_accounts', spareChannel.id);
  idFor.set('/admin/line_accounts', spareChannel.id);
});

function tokenFor(endpoint: Endpoint): string | undefined {
  if (endpoint.access.kind === 'public') return undefined;
  const roles: readonly Role[] = endpoint.access.roles;
  if (roles.includes('service')) return t.tenant.tokens.staff;
  if (roles.includes('account')) return t.tenant.tokens.owner;
  if (roles.includes('admin')) return adminToken;
  return t.tenant.tokens.agency;
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
function pathWith(endpoint: Endpoint, override?: { name: string; raw: string }): string {
  const base = endpoint.path.split('/:')[0]!;
  return endpoint.path.replace(/:(\w+)/g, (_all, name: string) => {
    if (override?.name === name) return override.raw;
    return name === 'id' ? String(idFor.get(base) ?? NO_ROW) : 'fuzz';
  });
}

/** Text to percent-encoding; a lone surrogate becomes the bytes of one (not UTF-8), as a hostile client sends it. */
function encode(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}
function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`${encode(Array.isArray(value) ? `${key}[]` : key)}=${encode(String(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const BAD_IDS_IN_TEXT = [
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e10',
  'abc',
  'a\u0000b',
  '\uD800',
  ' ',
  'x'.repeat(3000),
];
const BAD_TEXT = ['a\u0000b', 'lone\uD800', '\uDC00x', '', 'x'.repeat(20_000)];
/** Just past the id columns, past JavaScript's exact integers (2^53 + 2), huge, negative, zero, fractional. */
const BAD_NUMBERS = [2_147_483_648, 2 ** 53 + 2, 1e300, -1, 0, 1.5];
const WRONG_TYPES = [null, true, [], {}, 'abc', 12345];
function badValuesFor(value: unknown): unknown[] {
  if (typeof value === 'number') return [...BAD_NUMBERS, ...WRONG_TYPES.filter((v) => typeof v !== 'number')];
  if (typeof value === 'string') return [...BAD_TEXT, ...BAD_IDS_IN_TEXT.slice(0, 3), ...WRONG_TYPES];
  if (typeof value === 'boolean') return ['yes', 2, null];
  if (Array.isArray(value)) return [[2_147_483_648], ['a\u0000'], [null], 'x', null, {}];
  return [null, 'x', [], ...BAD_NUMBERS.slice(0, 2)];
}

interface Probe {
  label: string;
  url: string;
  body?: unknown;
  rawBody?: string;
}

function probesOf(endpoint: Endpoint): Probe[] {
  const query = endpoint.query ? (sampleOf(endpoint.query) as Record<string, unknown>) : {};
  const body = endpoint.body ? sampleOf(endpoint.body) : undefined;
  const url = (path: string, q: Record<string, unknown>) => `/api${path}${queryString(q)}`;
  const probes: Probe[] = [{ label: 'sample', url: url(pathWith(endpoint), query), body }];
  for (const name of paramNames(endpoint.path)) {
    for (const bad of BAD_IDS_IN_TEXT) {
      probes.push({
        label: `path ${name}=${JSON.stringify(bad.slice(0, 30))}`,
        url: url(pathWith(endpoint, { name, raw: encode(bad) }), query),
        body,
      });
    }
  }
  if (endpoint.query) {
    const keys = new Set([
      ...Object.keys(query),
      ...Object.keys((endpoint.query as unknown as { shape?: object }).shape ?? {}),
    ]);
    for (const key of keys) {
      for (const bad of [...BAD_IDS_IN_TEXT, ...BAD_TEXT.slice(1), ['1', '2147483648'], ['a\u0000b']]) {
        probes.push({
          label: `query ${key}=${JSON.stringify(bad).slice(0, 40)}`,
          url: url(pathWith(endpoint), { ...query, [key]: bad }),
          body,
        });
      }
    }
  }
  if (endpoint.body) {
    for (const leaf of leavesOf(body)) {
      for (const bad of badValuesFor(leaf.value)) {
        probes.push({
          label: `body ${leaf.path.join('.')}=${JSON.stringify(bad).slice(0, 40)}`,
          url: url(pathWith(endpoint), query),
          body: replaceAt(body, leaf.path, bad),
        });
      }
    }
    for (const whole of [null, [], 'x', 1])
      probes.push({ label: `body ${JSON.stringify(whole)}`, url: url(pathWith(endpoint), query), body: whole });
    probes.push({ label: 'body not JSON', url: url(pathWith(endpoint), query), rawBody: '{"a":' });
  }
  return probes;
}

const SQL_OR_STACK =
  /\bselect\b.*\bfrom\b|\binsert into\b|\bupdate\b.*\bset\b|\bdelete from\b|\s+at .+:\d+:\d+|node_modules|\.ts:\d+/is;

/** Reads first, then changes, then deletions; the routes that end sessions last. */
function order(endpoint: Endpoint): number {
  if (/\/sessions$|\/password/.test(endpoint.path)) return endpoint.method === 'DELETE' ? 5 : 4;
  return { GET: 0, POST: 1, PUT: 2, DELETE: 3 }[endpoint.method];
}

describe('fuzz over the route table', () => {
  // First: the walk below ends the sessions (logout, password change) last.
  it('answers 400 to a body nested too deep, as the whole body or in a field, on every route and the webhook', async () => {
    const deepArrays = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepObjects = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const MARKER = '"__deep__"';
    const failures: string[] = [];
    for (const endpoint of allEndpoints.filter((e) => e.method !== 'GET')) {
      const token = tokenFor(endpoint);
      const sample = endpoint.body ? sampleOf(endpoint.body) : {};
      const [leaf] = leavesOf(sample);
      const inField = JSON.stringify(leaf ? replaceAt(sample, leaf.path, '__deep__') : { field: '__deep__' });
      for (const [label, payload] of [
        ['arrays', deepArrays],
        ['objects', deepObjects],
        ['field', inField.replace(MARKER, deepArrays)],
      ] as const) {
        const response = await t.app.inject({
          method: endpoint.method,
          url: `/api${pathWith(endpoint)}`,
          headers: {
            lineaccountid: String(t.tenant.channels[0]!.id),
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          payload,
        });
        const errors = response.statusCode === 400 ? (response.json() as { errors?: unknown }).errors : null;
        if (errors !== TOO_DEEP_MESSAGE) {
          failures.push(
            `${endpoint.method} ${endpoint.path} ${label}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);

    const secret = randomBytes(16).toString('hex');
    const channel = await t.factory.lineAccount(t.tenant.account.id, {
      channelSecretSealed: t.ctx.secrets.seal(secret),
    });
    for (const payload of [deepArrays, deepObjects, `{"destination":"x","events":${deepArrays}}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/webhooks/line/${channel.webhookKey}`,
        headers: {
          'content-type': 'application/json',
          'x-line-signature': createHmac('sha256', secret).update(payload).digest('base64'),
        },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ success: false, errors: TOO_DEEP_MESSAGE });
    }
  });

  it('answers every spoiled input with a 4xx JSON error (or success), never a 5xx, stack or SQL', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const endpoint of [...allEndpoints].sort((x, y) => order(x) - order(y))) {
      const token = tokenFor(endpoint);
      for (const probe of probesOf(endpoint)) {
        const headers: Record<string, string> = { lineaccountid: String(t.tenant.channels[0]!.id) };
        if (token) headers.authorization = `Bearer ${token}`;
        const hasBody = probe.rawBody !== undefined || probe.body !== undefined;
        if (hasBody) headers['content-type'] = 'application/json';
        const response = await t.app
          .inject({
            method: endpoint.method,
            url: probe.url,
            headers,
            ...(probe.rawBody !== undefined ? { payload: probe.rawBody } : {}),
            ...(probe.body !== undefined ? { payload: JSON.stringify(probe.body) } : {}),
          })
          .catch((error: unknown) => ({ statusCode: 599, body: `no answer: ${String(error)}` }));
        requests += 1;
        const label = `${endpoint.method} ${endpoint.path} ${probe.label}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) failures.push(label);
        else if (response.statusCode >= 400) {
          let json: unknown = null;
          try {
            json = JSON.parse(response.body);
          } catch {
            failures.push(`${label} (not JSON)`);
          }
          if (json && (json as { success?: unknown }).success !== false) failures.push(`${label} (not an error body)`);
          if (SQL_OR_STACK.test(response.body)) failures.push(`${label} (stack or SQL)`);
        }
        const pathParam = probe.label.startsWith('path id=');
        if (pathParam && response.statusCode !== 404 && response.statusCode < 500) {
          failures.push(`${label} (a path id that names no row is a 404)`);
        }
      }
    }
    if (failures.length > 0) console.error(failures.join('\n'));
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
  }, 600_000);

  it('answers 401 before looking at the input on every route that needs a session', async () => {
    for (const endpoint of allEndpoints.filter((e) => e.access.kind === 'session')) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: `/api${pathWith(endpoint, { name: 'id', raw: 'abc' })}?friend_id=x&folder_type=nope&page=-1`,
        headers: { 'content-type': 'application/json' },
        ...(endpoint.method === 'GET' ? {} : { payload: '{"a":' }),
      });
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}: ${response.body}`).toBe(401);
    }
  });
});
