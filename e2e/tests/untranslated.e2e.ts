/**
 * No engineer words on the screen (issue 23 §3): every route of the web router, opened directly (a
 * fresh page load, so only the strings that route's own modules load are there), shows no
 * untranslated i18n key and no raw token (variables, LINE emoji, postback data, box ids, zone ids).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  abnormalDetectionApi,
  accountUsersApi,
  adminAccountsApi,
  adminLineAccountsApi,
  adminsApi,
  newsApi,
  agenciesApi,
  agencyAccountsApi,
  agencyContractsApi,
  agencyUsersApi,
  friendPlansApi,
  formsApi,
  friendsApi,
  inflowsApi,
  oemsApi,
  oemPlansApi,
  plansApi,
  richMenusApi,
  staffAuthoritiesApi,
  templatesApi,
  teppanTemplatesApi,
  type Endpoint,
  type EndpointInput,
} from '@linq/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ja } from '../../apps/web/src/app/i18n/ja.ts';
import { type Area } from '../support/browser.ts';
import { channelApi, demoFriendsJoined } from '../support/demo-service.ts';
import { test, type OpenPage } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

const WEB_SRC = join(import.meta.dirname, '..', '..', 'apps', 'web', 'src');

const logins: Record<Area, string> = {
  admin: 'admin@demo.example',
  agency: 'agency@demo.example',
  account: 'account@demo.example',
  service: 'staff@demo.example',
};

/** Every path of the web router (its pages in routes.tsx). */
function routerPaths(): string[] {
  const source = readFileSync(join(WEB_SRC, 'routes.tsx'), 'utf8');
  const pages = Array.from(source.matchAll(/\bpage\(\s*'([^']+)'/g), (match) => match[1]!);
  return [...new Set(pages)];
}

/** Every namespace a key can start with: the shell's and each part's. */
function namespaces(): Set<string> {
  const names = new Set(Object.keys(ja));
  const partsDir = join(WEB_SRC, 'app', 'i18n', 'parts');
  for (const file of readdirSync(partsDir)) {
    const body = /^const ja = \{\n([\s\S]*?)^\};/m.exec(readFileSync(join(partsDir, file), 'utf8'))?.[1] ?? '';
    for (const match of body.matchAll(/^ {2}([A-Za-z]+): /gm)) names.add(match[1]!);
  }
  return names;
}

const NAMESPACES = namespaces();
const KEY = /\b([a-z][a-zA-Z]+)((?:\.[a-zA-Z_][a-zA-Z0-9_]*)+)\b/g;
/** Addresses, e-mail addresses and file names are dotted words too, and belong on screen. */
const ADDRESS =
  /\b[\w.+-]+@[\w.-]+|\bhttps?:\/\/\S+|\b[\w-]+(\.[\w-]+)*\.(example|localhost|com|jp|net|org|csv|png|jpe?g|gif|webp|pdf)\b/g;
const RAW = [
  { what: 'a variable or emoji token', pattern: /\{\{/ },
  { what: 'postback data', pattern: /linq:|\[postback\]/ },
  { what: 'a box id', pattern: /\bbox-\d/ },
  { what: 'a time zone id', pattern: /\b(Asia|America|Europe|Pacific|Australia|Africa)\/[A-Z]/ },
  { what: 'an English placeholder subtitle', pattern: /not available yet/i },
];
/** antd's space inside a two-character label (「保 存」); only buttons, since a name such as 「林 彩」 has one. */
const SPACED_LABEL = /^[\u3040-\u30ff\u4e00-\u9fff] [\u3040-\u30ff\u4e00-\u9fff]$/;

const spacedButtons = (page: Page) =>
  page.evaluate(
    (pattern) =>
      Array.from(document.querySelectorAll('button'), (button) => button.innerText.trim()).filter((label) =>
        new RegExp(pattern).test(label),
      ),
    SPACED_LABEL.source,
  );

/** What a route's screen shows: its text, its inputs' placeholders and the window title. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const placeholders = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'),
      (input) => input.placeholder,
    );
    return [document.title, document.body.innerText, ...placeholders].join('\n');
  });
}

/** The words on screen that are untranslated keys or raw tokens. */
function engineerWords(text: string): string[] {
  const found: string[] = [];
  for (const match of text.replace(ADDRESS, ' ').matchAll(KEY)) {
    if (NAMESPACES.has(match[1]!)) found.push(`untranslated key ${match[0]}`);
  }
  for (const { what, pattern } of RAW) {
    const hit = pattern.exec(text);
    if (hit) found.push(`${what}: …${text.slice(Math.max(0, hit.index - 30), hit.index + 40)}…`);
  }
  return found;
}

/** Waits until the screen has settled: no spinner or skeleton, and the same text twice in a row. */
async function settled(page: Page): Promise<string> {
  let previous = '';
  const deadline = Date.now() + 20_000;
  for (;;) {
    const busy = await page.locator('.ant-spin-spinning, .ant-skeleton-active').count();
    const text = await visibleText(page);
    if (busy === 0 && text === previous && text.trim() !== '') return text;
    if (Date.now() > deadline) return text;
    previous = text;
    await page.waitForTimeout(150);
  }
}

type Context = Area | 'public';

/** Where a route is opened: the auth screens and public pages without a session, the rest in their area. */
function contextOf(path: string): Context {
  if (/\/(login|logged-out|forgot-password|reset-password)(\/|$)/.test(path)) return 'public';
  const prefix = path.split('/')[1];
  return prefix === 'admin' || prefix === 'account' || prefix === 'agency' || prefix === 'service' ? prefix : 'public';
}

const firstId = async <E extends Endpoint>(page: Page, endpoint: E, input: EndpointInput<E>, laid: string | null) => {
  const { data } = await channelApi(page, laid, endpoint, input);
  const rows = data as unknown as { id: number }[];
  if (rows.length === 0) throw new Error(`no demo record for ${endpoint.path}`);
  return String(rows[0]!.id);
};

/** A friend with plans when there is one (the timeline is what shows tokens and boxes), else the first. */
async function friendWithPlans(page: Page, laid: string | null): Promise<string> {
  const { data } = await channelApi(page, laid, friendsApi.list, { query: {} });
  for (const friend of data) {
    const plans = await channelApi(page, laid, friendPlansApi.list, { params: { id: friend.id }, query: {} });
    if (plans.data.length > 0) return String(friend.id);
  }
  if (!data[0]) throw new Error('no demo friend');
  return String(data[0].id);
}

/** The demo channels' greeting template, whose text opens with {{name}}. */
const DEMO_GREETING = 'ご挨拶';
/** The demo form with answers from demo friends (its answers, summaries and builder are checked). */
const DEMO_FORM = '来店アンケート';
/** The demo's inflow route with a cost, a tag action and attributed friends (its screens show all of them). */
const DEMO_INFLOW = 'Instagram広告';

/**
 * The demo record each route with ids opens (its path as the router has it). A route added with an id
 * fails here until it names its record.
 */
async function concretePath(path: string, page: Page): Promise<string> {
  if (!path.includes(':')) return path;
  const laid = page.url().startsWith('http') ? await page.evaluate(() => localStorage.getItem('laid')) : null;
  const text = { query: { message_type: 'text_message' as const } };
  const demoInflow = async () => ({
    id: await firstId(page, inflowsApi.list, { query: { name: DEMO_INFLOW } }, laid),
  });
  const ids: Record<string, () => Promise<Record<string, string>>> = {
    '/redirects/:id': () => Promise.resolve({ id: 'no-such-link' }),
    '/agency/reset-password/:id': () => Promise.resolve({ id: 'no-such-token' }),
    '/account/users/:id': async () => ({ id: await firstId(page, accountUsersApi.list, { query: {} }, null) }),
    '/account/users/:id/edit': async () => ({ id: await firstId(page, accountUsersApi.list, { query: {} }, null) }),
    '/account/staff_authorities/:id': async () => ({
      id: await firstId(page, staffAuthoritiesApi.list, { query: {} }, null),
    }),
    '/account/staff_authorities/:id/edit': async () => ({
      id: await firstId(page, staffAuthoritiesApi.list, { query: {} }, null),
    }),
    '/admin/line-accounts/:id': async () => ({
      id: await firstId(page, adminLineAccountsApi.list, { query: {} }, null),
    }),
    '/admin/line-accounts/:id/edit': async () => ({
      id: await firstId(page, adminLineAccountsApi.list, { query: {} }, null),
    }),
    '/admin/oem/edit/:id': async () => ({ id: await firstId(page, oemsApi.list, { query: {} }, null) }),
    '/admin/accounts/:id': async () => ({ id: await firstId(page, adminAccountsApi.list, { query: {} }, null) }),
    '/admin/accounts/:id/edit': async () => ({ id: await firstId(page, adminAccountsApi.list, { query: {} }, null) }),
    '/admin/agencies/:id': async () => ({ id: await firstId(page, agenciesApi.list, { query: {} }, null) }),
    '/admin/agencies/:id/edit': async () => ({ id: await firstId(page, agenciesApi.list, { query: {} }, null) }),
    '/admin/admins/edit/:id': async () => ({ id: await firstId(page, adminsApi.list, { query: {} }, null) }),
    '/agency/accounts/:id': async () => ({ id: await firstId(page, agencyAccountsApi.list, { query: {} }, null) }),
    '/agency/accounts/:id/edit': async () => ({
      id: await firstId(page, agencyAccountsApi.list, { query: {} }, null),
    }),
    '/agency/contracts/:id': async () => ({ id: await firstId(page, agencyContractsApi.list, { query: {} }, null) }),
    '/agency/contracts/:id/edit': async () => ({
      id: await firstId(page, agencyContractsApi.list, { query: {} }, null),
    }),
    '/agency/users/:id': async () => ({ id: await firstId(page, agencyUsersApi.list, { query: {} }, null) }),
    '/agency/users/:id/edit': async () => ({ id: await firstId(page, agencyUsersApi.list, { query: {} }, null) }),
    '/admin/oem-plan/edit/:id': async () => ({ id: await firstId(page, oemPlansApi.list, { query: {} }, null) }),
    '/admin/news/edit/:id': async () => ({ id: await firstId(page, newsApi.list, { query: {} }, null) }),
    '/admin/teppan/templates/:message_type': () => Promise.resolve({ message_type: 'text_message' }),
    '/admin/teppan/templates/:message_type/create': () => Promise.resolve({ message_type: 'text_message' }),
    '/admin/teppan/templates/:message_type/edit/:id': async () => ({
      message_type: 'text_message',
      id: await firstId(page, teppanTemplatesApi.list, text, null),
    }),
    '/service/friends/:id': async () => ({ id: await friendWithPlans(page, laid) }),
    '/service/talks/:id': async () => ({ id: await friendWithPlans(page, laid) }),
    '/service/templates/:message_type': () => Promise.resolve({ message_type: 'text_message' }),
    '/service/templates/:message_type/create': () => Promise.resolve({ message_type: 'text_message' }),
    // The demo greeting (its {{name}} is checked as a chip), not whichever template another test made last.
    '/service/templates/:message_type/edit/:id': async () => ({
      message_type: 'text_message',
      id: await firstId(page, templatesApi.list, { query: { ...text.query, name: DEMO_GREETING } }, laid),
    }),
    '/service/plans/:id/edit': async () => ({ id: await firstId(page, plansApi.list, { query: {} }, laid) }),
    '/service/plan-analysis/:id': async () => ({ id: await firstId(page, plansApi.list, { query: {} }, laid) }),
    '/service/rich-menu/:id/edit': async () => ({ id: await firstId(page, richMenusApi.list, { query: {} }, laid) }),
    '/service/forms/:id': async () => ({
      id: await firstId(page, formsApi.list, { query: { name: DEMO_FORM } }, laid),
    }),
    '/service/inflows/:id': () => demoInflow(),
    '/service/inflows/:id/Chart': () => demoInflow(),
    '/service/inflows/:id/Chart/ProfileChart': () => demoInflow(),
    // The demo's resolved delivery-failure incident (by detector, not whichever another test raised last).
    '/service/abnormal-detection/:id': async () => ({
      id: await firstId(page, abnormalDetectionApi.list, { query: { detector: 'delivery_failure_rate' } }, laid),
    }),
  };
  const resolve = ids[path];
  if (!resolve) throw new Error(`name the demo record ${path} opens (untranslated.e2e.ts)`);
  const values = await resolve();
  return path.replace(/:([a-z_]+)/g, (_, name: string) => values[name] ?? `:${name}`);
}

/**
 * The file's pages of each context (one browser, a browser context each), logged in when made. The
 * routes are opened a few at a time, each on a page no other route is using: leased, then put back.
 */
const idlePages = new Map<Context, Page[]>();

async function newPageFor(context: Context, openFilePage: OpenPage): Promise<Page> {
  const page = await openFilePage();
  if (context !== 'public') await signIn(page, context, logins[context]);
  if (context === 'service') await demoFriendsJoined(page);
  return page;
}

async function withPageFor<T>(context: Context, openFilePage: OpenPage, use: (page: Page) => Promise<T>) {
  const idle = idlePages.get(context) ?? [];
  idlePages.set(context, idle);
  const page = idle.pop() ?? (await newPageFor(context, openFilePage));
  try {
    return await use(page);
  } finally {
    idle.push(page);
  }
}

const ROUTES = routerPaths().map((path) => (path === '*' ? '/no-such-page' : path));

describe('every route opened directly shows no engineer words', () => {
  test('the router’s routes are all here, and the check finds what it must', () => {
    expect(ROUTES.length).toBeGreaterThan(60);
    expect(ROUTES).toContain('/service/friends/:id');
    expect(engineerWords('templates.types.confirm')).toHaveLength(1);
    expect(engineerWords('「{{name}}」')).toHaveLength(1);
    expect(engineerWords('box-1-0 · 日本標準時 · Asia/Tokyo')).toHaveLength(2);
    expect(SPACED_LABEL.test('保 存')).toBe(true);
    expect(engineerWords('admin@demo.example https://example.com/a.b 保存 friends.csv')).toEqual([]);
  });

  // Side by side (vitest's maxConcurrency): a page load waits on the server as much as it computes.
  for (const route of ROUTES) {
    test.concurrent(route, ({ openFilePage }) =>
      withPageFor(contextOf(route), openFilePage, async (page) => {
        const path = await concretePath(route, page);
        await page.goto(path);
        const text = await settled(page);
        expect(engineerWords(text), `${path}:\n${text.slice(0, 2000)}`).toEqual([]);
        expect(await spacedButtons(page), path).toEqual([]);
        if (route === '/service/templates/:message_type/edit/:id') {
          // The demo greeting's {{name}} shows as a chip in the builder's text box, never as typed.
          await page.getByTestId('builder-chip-name').first().waitFor();
        }
        if (route === '/service/friends') {
          // The filters' placeholders fit their fields (measured in the fields' own font).
          const cut = await page
            .getByTestId('friend-filters')
            .locator('input[placeholder]')
            .evaluateAll((inputs) => {
              const context = document.createElement('canvas').getContext('2d')!;
              return (inputs as HTMLInputElement[])
                .filter((input) => {
                  const style = getComputedStyle(input);
                  context.font = style.font;
                  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                  return context.measureText(input.placeholder).width > room + 1;
                })
                .map((input) => input.placeholder);
            });
          expect(cut).toEqual([]);
        }
      }),
    );
  }
});

describe('variables and emoji in the message builder', () => {
  test('show as chips in the text box and as sample values in the preview, while the value keeps the tokens', async ({
    openFilePage,
  }) => {
    await withPageFor('service', openFilePage, async (page) => {
      await page.goto('/service/templates/text_message/create');
      const text = page.getByTestId('builder-text');
      await text.click();
      await page.keyboard.type('こんにちは');
      await page.getByTestId('builder-insert-name').click();
      await text.getByTestId('builder-chip-name').waitFor();
      // Typed token text becomes a chip too.
      await text.click();
      await page.keyboard.press('End');
      await page.keyboard.type('さん{{name}}');
      await expect.poll(() => text.getByTestId('builder-chip-name').count()).toBe(2);
      await page.getByTestId('builder-insert-emoji').click();
      await page.locator('button[data-testid^="builder-emoji-"]').first().click();
      await text.getByTestId('builder-chip-emoji').waitFor();
      expect(await text.innerText()).not.toContain('{{');
      const preview = page.getByTestId('message-preview-body');
      await expect.poll(() => preview.innerText()).toContain('こんにちはLINE 太郎さんLINE 太郎');
      expect(await preview.innerText()).not.toContain('{{');
      await expect.poll(() => page.getByTestId('builder-emoji-count').innerText()).toMatch(/\b1\b/);
      // The value is the token text: こんにちは{{name}}さん{{name}} and the emoji counted as one, 24 characters.
      await expect.poll(() => page.getByTestId('builder-text-count').innerText()).toMatch(/\b24\b/);
    });
  });
});
