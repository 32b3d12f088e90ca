/**
 * The friend list and friend page in the browser, on the demo channel's virtual friends: filters in
 * the address, bulk tags, the display-name override, labels on the friend page, friend info fields
 * and their values, CSV export, view-only staff and a 375 px wide screen.
 */
import { buffer } from 'node:stream/consumers';
import { friendsApi, infoFieldsApi, marksApi, tagsApi, type FriendListItem, type Mark, type Tag } from '@linq/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { demoFriendsJoined, serviceApi, until } from '../support/demo-service.ts';
import { animationsSettled, clickInDialog } from '../support/dialogs.ts';
import { it, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

let staff: Page;
let tag: Tag;
let mark: Mark;
/** The channel's friends, newest first (the list's default order). */
let friends: FriendListItem[];
let total: number;

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** The friends the list API gives (the demo channel has fewer than a page of 100). */
async function listFriends(page: Page, name?: string) {
  const { data } = await serviceApi(page, friendsApi.list, { query: { limit: 100, name } });
  expect(data.length).toBeLessThan(100);
  return { data, total: data.length };
}

/** The list's total as shown (and the rows drawn for it). */
const totalBecomes = (page: Page, expected: number) =>
  page.waitForFunction(
    (n) => document.querySelector('[data-testid="friends-total"]')?.getAttribute('data-total') === String(n),
    expected,
    { timeout: 15_000 },
  );

const shownRowIds = async (page: Page) =>
  (await page.locator('[data-testid^="friend-row-"]').evaluateAll((rows) => rows.map((row) => row.dataset.testid)))
    .map((id) => Number(id?.replace('friend-row-', '')))
    .sort((a, b) => a - b);

async function openList(page: Page, query = '') {
  await page.goto(`/service/friends${query}`);
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await page.getByTestId('friends-table').waitFor();
}

/** Opens an antd select, narrows it by typing and picks the option with this test id. */
async function pick(page: Page, selectTestId: string, search: string, optionTestId: string) {
  await page.getByTestId(selectTestId).click();
  await page.keyboard.type(search);
  await page.locator(`.ant-select-dropdown:visible [data-testid="${optionTestId}"]`).click();
}

test.beforeAll(async ({ openFilePage }) => {
  staff = await openFilePage();
  await signIn(staff, 'service', 'staff@demo.example');
  await openList(staff);
  // The demo friends join in the background after the first start; wait until they are all in.
  await demoFriendsJoined(staff);
  ({ data: friends, total } = await listFriends(staff));
  expect(total).toBeGreaterThanOrEqual(20);
  tag = (await serviceApi(staff, tagsApi.create, { body: { name: unique('E2E友だちタグ') } })).data;
  mark = (await serviceApi(staff, marksApi.create, { body: { name: unique('E2E要対応'), color: '#E53935' } })).data;
  expect(tag.id).toBeGreaterThan(0);
  expect(mark.id).toBeGreaterThan(0);
}, 150_000);

describe('friend list', () => {
  it("shows the demo channel's virtual friends, 20 a page", async () => {
    const page = staff;
    await openList(page);
    await totalBecomes(page, total);
    expect((await shownRowIds(page)).length).toBe(Math.min(20, total));
    const first = friends[0]!;
    expect(await page.getByTestId(`friend-link-${first.id}`).textContent()).toBe(first.display_name);
  });

  it('narrows by name, kept in the address', async () => {
    const page = staff;
    const name = friends[3]!.display_name;
    const expected = await listFriends(page, name);
    await openList(page);
    await page.getByTestId('search-input').locator('input').fill(name);
    await page.getByTestId('search-input').locator('input').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('name') === name);
    await totalBecomes(page, expected.total);
    expect(expected.total).toBeLessThan(total);
    for (const text of await page.locator('[data-testid^="friend-link-"]').allTextContents()) {
      expect(text).toContain(name);
    }
    await page.reload();
    await totalBecomes(page, expected.total);
    await page.getByTestId('filter-clear').click();
    await totalBecomes(page, total);
  });

  it('tags selected friends in bulk, then filters by the tag (any and none)', async () => {
    const page = staff;
    const chosen = [friends[0]!.id, friends[1]!.id];
    await openList(page);
    for (const id of chosen) await page.getByTestId(`friend-row-${id}`).locator('.ant-checkbox-input').check();
    expect(await page.getByTestId('bulk-count').textContent()).toBe('2人を選択中');
    await page.getByTestId('bulk-add-tag').click();
    await pick(page, 'bulk-label-select', tag.name, `tag-option-${tag.id}`);
    // A multiple select stays open after a pick: close it by clicking beside it.
    await page.locator('.ant-modal-title').click();
    await page.getByTestId('bulk-ok').click();
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });
    for (const id of chosen) await page.getByTestId(`friend-row-${id}`).getByTestId(`tag-chip-${tag.id}`).waitFor();

    // The link the tag screen gives.
    await openList(page, `?tag_ids[]=${tag.id}`);
    await totalBecomes(page, 2);
    expect(await shownRowIds(page)).toEqual([...chosen].sort((a, b) => a - b));
    // The filter names the tag once the channel's tags have loaded (they may come after the list).
    await expect.poll(() => page.getByTestId('filter-tags').textContent()).toContain(tag.name);

    await page.getByTestId('filter-tag-match').click();
    await page.locator('.ant-select-dropdown:visible').getByText('いずれも含まない').click();
    await page.waitForURL((url) => url.searchParams.get('tag_match') === 'none');
    await totalBecomes(page, total - 2);
  });
});

describe('friend page', () => {
  it('sets a display-name override, shown in the list, and clears it again', async () => {
    const page = staff;
    const friend = friends[2]!;
    const override = unique('E2E上書き <b>名前</b>');
    await page.goto(`/service/friends/${friend.id}`);
    expect(await page.getByTestId('friend-name').textContent()).toBe(friend.display_name);
    expect(await page.getByTestId('friend-line-name').count()).toBe(0);

    await page.getByTestId('display-name-edit').click();
    await page.getByTestId('display-name-input').fill(override);
    await page.getByTestId('display-name-save').click();
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="friend-name"]')?.textContent === name,
      override,
    );
    // Untrusted text stays text.
    expect(await page.getByTestId('friend-name').locator('b').count()).toBe(0);
    expect(await page.getByTestId('friend-line-name').textContent()).toBe(`LINE名: ${friend.display_name}`);

    await openList(page, `?name=${encodeURIComponent(override)}`);
    await totalBecomes(page, 1);
    expect(await page.getByTestId(`friend-link-${friend.id}`).textContent()).toBe(override);

    await page.getByTestId(`friend-link-${friend.id}`).click();
    await page.getByTestId('display-name-edit').click();
    await page.getByTestId('display-name-input').fill('');
    await page.getByTestId('display-name-save').click();
    await page.getByTestId('friend-line-name').waitFor({ state: 'detached' });
    expect(await page.getByTestId('friend-name').textContent()).toBe(friend.display_name);
    const { data } = await serviceApi(page, friendsApi.get, { params: { id: friend.id } });
    expect(data.display_name_override).toBeNull();
  });

  it('adds and removes a tag and a mark', async () => {
    const page = staff;
    const friend = friends[3]!;
    await page.goto(`/service/friends/${friend.id}`);
    await page.getByTestId('friend-name').waitFor();

    await pick(page, 'tag-add', tag.name, `tag-option-${tag.id}`);
    const tagChip = page.getByTestId('friend-tags').getByTestId(`tag-chip-${tag.id}`);
    await tagChip.waitFor();
    await pick(page, 'mark-add', mark.name, `mark-option-${mark.id}`);
    const markChip = page.getByTestId('friend-marks').getByTestId(`mark-chip-${mark.id}`);
    await markChip.waitFor();
    // Marks wear their colour.
    expect(await markChip.evaluate((chip) => getComputedStyle(chip).color)).toBe('rgb(229, 57, 53)');
    let detail = (await serviceApi(page, friendsApi.get, { params: { id: friend.id } })).data;
    expect(detail.tags.map((t) => t.id)).toContain(tag.id);
    expect(detail.marks.map((m) => m.id)).toContain(mark.id);

    await tagChip.locator('.ant-tag-close-icon').click();
    await tagChip.waitFor({ state: 'detached' });
    await markChip.locator('.ant-tag-close-icon').click();
    await markChip.waitFor({ state: 'detached' });
    detail = (await serviceApi(page, friendsApi.get, { params: { id: friend.id } })).data;
    expect(detail.tags.map((t) => t.id)).not.toContain(tag.id);
    expect(detail.marks.map((m) => m.id)).not.toContain(mark.id);
  });

  it('defines a select info field, keeps a friend’s value over a reload, and deletes the field', async () => {
    const page = staff;
    const fieldName = unique('会員ランク');
    await openList(page);
    await page.getByTestId('info-fields-open').click();
    await page.getByTestId('info-fields-drawer').waitFor();
    await page.getByTestId('info-field-create').click();
    await page.getByTestId('info-field-name').fill(fieldName);
    await page.getByTestId('info-field-type').click();
    await page.getByTestId('info-field-type-select').click();
    // A select field needs choices (checked before sending).
    await clickInDialog(page, 'info-field-submit');
    await page.getByText('選択肢を1つ以上入力してください').waitFor();
    await page.getByTestId('info-field-option-add').click();
    await page.getByTestId('info-field-option-0').fill('ゴールド');
    await page.getByTestId('info-field-option-add').click();
    await page.getByTestId('info-field-option-1').fill('シルバー');
    await clickInDialog(page, 'info-field-submit');
    await page.getByTestId('info-field-submit').waitFor({ state: 'detached' });
    const fields = (await serviceApi(page, infoFieldsApi.list, {})).data;
    const field = fields.find((f) => f.name === fieldName)!;
    expect(field).toMatchObject({ field_type: 'select', options: ['ゴールド', 'シルバー'] });
    await page.getByTestId(`info-field-row-${field.id}`).waitFor();

    // The server's 422 (a name the channel has already) lands on the name field.
    await page.getByTestId('info-field-create').click();
    await page.getByTestId('info-field-name').fill(fieldName);
    await clickInDialog(page, 'info-field-submit');
    await page.locator('.ant-modal .ant-form-item-explain-error').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('info-field-submit').waitFor({ state: 'detached' });

    const friend = friends[4]!;
    await page.goto(`/service/friends/${friend.id}`);
    await page.getByTestId(`info-value-${field.id}`).click();
    const silver = page.locator(`.ant-select-dropdown:visible [data-testid="info-value-${field.id}-option"]`, {
      hasText: 'シルバー',
    });
    await silver.waitFor();
    await animationsSettled(page);
    await silver.click();
    await page.getByTestId('info-values-save').click();
    await until(
      async () => {
        const { data } = await serviceApi(page, friendsApi.get, { params: { id: friend.id } });
        return data.info_values?.find((v) => v.field_id === field.id)?.value === 'シルバー' ? true : undefined;
      },
      10_000,
      'the saved info value',
    );
    await page.reload();
    await page.getByTestId(`info-value-${field.id}`).getByText('シルバー').waitFor();

    await page.getByTestId('info-fields-link').click();
    await page.getByTestId(`info-field-delete-${field.id}`).click();
    await page.getByText('すべての友だちに入力された、この項目の値も削除されます。').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId(`info-field-row-${field.id}`).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByTestId(`info-value-${field.id}`).waitFor({ state: 'detached' });
  });

  it('answers an unknown friend with "not found" and a way back', async () => {
    const page = staff;
    await page.goto('/service/friends/99999999');
    await page.getByTestId('record-not-found').waitFor();
    await page.getByTestId('record-not-found').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/service/friends');
  });
});

describe('CSV export', () => {
  it('downloads the filtered list', async () => {
    const page = staff;
    const chosen = [friends[5]!.id, friends[6]!.id, friends[7]!.id];
    const csvTag = (await serviceApi(page, tagsApi.create, { body: { name: unique('E2E CSV') } })).data;
    await serviceApi(page, tagsApi.addFriends, { params: { id: csvTag.id }, body: { friend_ids: chosen } });
    await openList(page, `?tag_ids[]=${csvTag.id}`);
    await totalBecomes(page, chosen.length);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^friends-\d{8}-\d{6}\.csv$/);
    // The browser runs in another process (one per run): the file comes as a stream, not a local path.
    const text = (await buffer(await download.createReadStream())).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = text.slice(1).trimEnd().split('\r\n');
    expect(header!.startsWith('ID,表示名,LINE表示名')).toBe(true);
    expect(records.map((record) => Number(record.split(',')[0])).sort((a, b) => a - b)).toEqual(
      [...chosen].sort((a, b) => a - b),
    );
    for (const record of records) expect(record).toContain(csvTag.name);
  });
});

describe('view-only staff', () => {
  it('sees friends without edit or export controls, and no personal data', async ({ page }) => {
    await signIn(page, 'service', 'viewer@demo.example');
    await openList(page);
    const { data } = await listFriends(page);
    const friend = data[0]!;
    await page.getByTestId(`friend-row-${friend.id}`).waitFor();
    expect(await page.getByTestId('export-csv').count()).toBe(0);
    expect(await page.locator('[data-testid="friends-table"] .ant-checkbox-input').count()).toBe(0);
    await page.getByTestId('info-fields-open').click();
    await page.getByTestId('info-fields-table').waitFor();
    expect(await page.getByTestId('info-field-create').count()).toBe(0);
    expect(await page.locator('[data-testid^="info-field-delete-"]').count()).toBe(0);

    await page.goto(`/service/friends/${friend.id}`);
    await page.getByTestId('friend-name').waitFor();
    await page.getByTestId('personal-data-hidden').getByText('個人情報を表示する権限がありません').waitFor();
    for (const control of ['display-name-edit', 'tag-add', 'mark-add', 'score-save', 'notes-save']) {
      expect(await page.getByTestId(control).count(), control).toBe(0);
    }
    expect(await page.locator('.ant-tag-close-icon').count()).toBe(0);
    await page.getByTestId('open-talk').waitFor();
  });
});

describe('a 375 px wide screen', () => {
  it('keeps the list and the friend page usable without sideways scrolling', async ({ phonePage: page }) => {
    await signIn(page, 'service', 'staff@demo.example');
    await openList(page);
    const friend = friends[0]!;
    const link = page.getByTestId(`friend-link-${friend.id}`);
    await link.waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await link.click();
    await page.getByTestId('friend-name').waitFor();
    await page.getByTestId('notes-input').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
