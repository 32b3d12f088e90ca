import { lineAccountsApi, tagsApi, templatesApi, type LineAccount } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { channelApi, serviceApi, uniqueSuffix } from '../support/demo-service.ts';
import { clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

const channelsOf = async (page: Page) => (await serviceApi(page, lineAccountsApi.list, {})).data;

const stored = (page: Page) =>
  page.evaluate(() => ({ laid: localStorage.getItem('laid'), status: localStorage.getItem('statusLineAccount') }));

/** The selector shows the channel's name once its details have loaded. */
const waitForSelected = (page: Page, name: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('[data-testid="channel-selector"]')?.textContent?.includes(expected),
    name,
  );

describe('channel selector (service area)', () => {
  it('picks the first channel, then the stored one, then the one in ?laid=', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example');
    const [first, second] = await channelsOf(page);
    expect(first && second).toBeTruthy();
    await page.goto('/service/friends');
    await page.waitForFunction((id) => localStorage.getItem('laid') === String(id), first!.id);
    expect(await stored(page)).toEqual({ laid: String(first!.id), status: 'active' });
    await waitForSelected(page, first!.name);

    await page.getByTestId('channel-selector').click();
    await page.getByTestId(`channel-option-${second!.id}`).click();
    await page.waitForFunction((id) => localStorage.getItem('laid') === String(id), second!.id);
    await page.reload();
    await page.getByTestId('channel-selector').waitFor();
    await waitForSelected(page, second!.name);

    await page.goto(`/service/tags?laid=${first!.id}`);
    await page.waitForFunction((id) => localStorage.getItem('laid') === String(id), first!.id);
    await waitForSelected(page, first!.name);
  });

  it('reflects a rename in the selector and the list at once', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/friends' });
    await page.getByTestId('channel-rename').click();
    const input = page.getByTestId('channel-name-input');
    // The form fills in the current name once the channel has loaded: typing before that would be undone.
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).not.toBe('');
    await input.fill('Demo Shop 本店 (改名)');
    expect(await input.inputValue()).toBe('Demo Shop 本店 (改名)');
    await page.getByTestId('channel-rename-save').click();
    await waitForSelected(page, '(改名)');
    await page.getByTestId('channel-selector').click();
    const options = await page.locator('[data-testid^="channel-option-"]').allTextContents();
    expect(options.filter((o) => o.includes('(改名)'))).toHaveLength(1);
  });
});

describe('view-only staff', () => {
  it('sees no edit buttons, and the API refuses their writes', async ({ page }) => {
    await signIn(page, 'service', 'viewer@demo.example', { path: '/service/friends' });
    await page.getByTestId('channel-selector').waitFor();
    expect(await page.getByTestId('channel-rename').count()).toBe(0);
    const [channel] = await channelsOf(page);
    expect(await channelsOf(page)).toHaveLength(1);
    const response = await serviceApi(page, lineAccountsApi.update, {
      params: { id: channel!.id },
      body: { name: 'viewer rename' },
    });
    expect(response.status).toBe(403);
    expect((await channelsOf(page))[0]!.name).toBe(channel!.name);
  });
});

/** Chooses a channel in the page's selector: the page's address and selector follow it. */
async function chooseChannel(page: Page, channel: LineAccount) {
  await page.getByTestId('channel-selector').click();
  await page.getByTestId(`channel-option-${channel.id}`).click();
  await page.waitForURL((url) => url.searchParams.get('laid') === String(channel.id));
  await waitForSelected(page, channel.name);
}

/** The page works in this channel: its address names it and its selector shows it. */
async function expectChannel(page: Page, channel: LineAccount) {
  expect(new URL(page.url()).searchParams.get('laid')).toBe(String(channel.id));
  expect(await page.getByTestId('channel-selector').textContent()).toContain(channel.name);
}

/** Creates a tag on the tags screen the page shows. */
async function createTag(page: Page, name: string) {
  await page.getByTestId('create-button').click();
  await page.getByTestId('field-name').fill(name);
  await clickInDialog(page, 'label-save');
  await page.getByText(name).waitFor();
}

/** Opens the text templates through the side menu and creates one there; answers its id. */
async function createTextTemplate(page: Page, name: string): Promise<number> {
  await page.getByTestId('menu-templates').click();
  await page.waitForURL(serviceScreen('/service/templates/text_message'));
  await page.locator('a[href*="/service/templates/text_message/create"] [data-testid="create-button"]').click();
  await page.waitForURL(serviceScreen('/service/templates/text_message/create'));
  await page.getByTestId('template-name').fill(name);
  await page.getByTestId('builder-text').fill(`${name} の本文`);
  await page.getByTestId('template-save').click();
  await page.waitForURL(serviceScreen(/^\/service\/templates\/text_message\/edit\/\d+$/));
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The names of a channel's tags and templates that contain the text, as the API answers them in that channel. */
async function namesIn(page: Page, channel: LineAccount, text: string) {
  const tags = await channelApi(page, channel.id, tagsApi.list, { query: { q: text } });
  const templates = await channelApi(page, channel.id, templatesApi.list, { query: { name: text } });
  expect([tags.status, templates.status]).toEqual([200, 200]);
  return { tags: tags.data.map((tag) => tag.name), templates: templates.data.map((template) => template.name) };
}

/** Searches the list screen the page shows (once it shows it); the rows then shown are the channel's matches. */
async function search(page: Page, text: string) {
  await page.getByTestId('search-input').locator('input').fill(text);
  await page.getByTestId('search-input').locator('input').press('Enter');
  await page.waitForURL((url) => url.search.includes(encodeURIComponent(text)));
}

describe('two tabs on two channels (one browser, one local storage)', () => {
  it('keeps each tab in its own channel: what a tab creates lands there and shows only there', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example');
    const [first, second] = await channelsOf(page);
    if (!first || !second) throw new Error('the demo staff needs two channels');
    const tabA = page;
    const tabB = await page.context().newPage();
    const suffix = uniqueSuffix();
    const names = {
      tagA: `タブA タグ ${suffix}`,
      tagB: `タブB タグ ${suffix}`,
      templateA: `タブA テンプレート ${suffix}`,
      templateB: `タブB テンプレート ${suffix}`,
    };

    // Tab A works in the first channel.
    await tabA.goto(`/service/tags?laid=${first.id}`);
    await waitForSelected(tabA, first.name);
    await tabA.getByTestId('labels-table').waitFor();

    // Tab B opens as a new tab does, on the last choice (the first channel); once tab A has loaded,
    // it switches to the second. Local storage remembers the second; tab A stays where it is.
    await tabB.goto('/service/tags');
    await tabB.waitForURL(serviceScreen('/service/tags'));
    await waitForSelected(tabB, first.name);
    await tabB.getByTestId('labels-table').waitFor();
    await chooseChannel(tabB, second);
    await tabB.getByTestId('labels-table').waitFor();
    expect(await stored(tabB)).toEqual({ laid: String(second.id), status: second.status });
    await expectChannel(tabA, first);

    // Alternating between the tabs: a tag in each, then a template in each.
    await createTag(tabA, names.tagA);
    await createTag(tabB, names.tagB);
    const templateA = await createTextTemplate(tabA, names.templateA);
    const templateB = await createTextTemplate(tabB, names.templateB);

    // Through the API: each landed in its tab's channel, and only there.
    expect(await namesIn(tabA, first, suffix)).toEqual({ tags: [names.tagA], templates: [names.templateA] });
    expect(await namesIn(tabA, second, suffix)).toEqual({ tags: [names.tagB], templates: [names.templateB] });

    // On screen: each tab lists its own, never the other's, and still works in its channel.
    for (const [tab, channel, own, other] of [
      [tabA, first, { template: templateA, tag: names.tagA }, { template: templateB, tag: names.tagB }],
      [tabB, second, { template: templateB, tag: names.tagB }, { template: templateA, tag: names.tagA }],
    ] as const) {
      await tab.getByTestId('back-link').click();
      await tab.waitForURL(serviceScreen('/service/templates/text_message'));
      await tab.getByTestId('templates-table').waitFor();
      await search(tab, suffix);
      await tab.getByTestId(`template-row-${own.template}`).waitFor();
      await tab.waitForSelector('[data-testid="list-total"][data-total="1"]');
      expect(await tab.getByTestId(`template-row-${other.template}`).count()).toBe(0);

      await tab.getByTestId('menu-tags').click();
      await tab.waitForURL(serviceScreen('/service/tags'));
      await tab.getByTestId('labels-table').waitFor();
      await search(tab, suffix);
      await tab.getByTestId('labels-table').getByText(own.tag).waitFor();
      await tab.waitForSelector('[data-testid="list-total"][data-total="1"]');
      expect(await tab.getByTestId('labels-table').getByText(other.tag).count()).toBe(0);
      await expectChannel(tab, channel);
    }

    // A new tab without laid opens on the last choice (the second channel, chosen in tab B); a reload
    // keeps a tab's channel (its address), whatever local storage remembers.
    const tabC = await page.context().newPage();
    await tabC.goto('/service/tags');
    await tabC.waitForURL((url) => url.searchParams.get('laid') === String(second.id));
    await waitForSelected(tabC, second.name);
    await tabA.reload();
    await waitForSelected(tabA, first.name);
    await tabA.getByTestId('labels-table').getByText(names.tagA).waitFor();
    await tabA.waitForSelector('[data-testid="list-total"][data-total="1"]');
    expect(await tabA.getByTestId('labels-table').getByText(names.tagB).count()).toBe(0);
    await expectChannel(tabA, first);
  }, 300_000);
});
