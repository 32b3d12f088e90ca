/**
 * Message templates in the browser: a carousel built in the message builder, saved, reopened and
 * saved again with its ids kept; sent as a test to a virtual friend of the demo channel (LINE
 * simulator) and tapped there, which adds the action's score; LINE's rules shown while editing;
 * a teppan template made by an administrator and copied in by staff; a template sent from a talk.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  emptyMessage,
  serviceFoldersApi,
  talksApi,
  templatesApi,
  teppanTemplatesApi,
  toSavePayload,
  type BuilderMessage,
  type TemplateDetail,
} from '@linq/contract';
import {
  channelOf,
  consoleIdOf,
  followingFriend,
  friendIdOf,
  friendWrites,
  loginAsDemoStaff,
  receivedBy,
  scoreOf,
  serviceApi,
  type VirtualFriend,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

const unique = (prefix: string) => `${prefix} ${uniqueSuffix()}`;

const idInUrl = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

/** The template as the API answers it, and its message. */
async function templateOf(page: Page, id: number): Promise<{ detail: TemplateDetail; message: BuilderMessage }> {
  const { status, body: detail } = await serviceApi(page, templatesApi.get, { params: { id } });
  expect(status).toBe(200);
  const box = detail.plan_actions[0];
  if (!box) throw new Error(`template ${id} has no box`);
  return { detail, message: box.message };
}

/** Fills one button of a carousel card in the builder. */
async function fillButton(
  page: Page,
  column: number,
  index: number,
  button: {
    type: 'メッセージ送信' | 'ポストバック' | 'リンク';
    label: string;
    text?: string;
    uri?: string;
    score?: number;
  },
) {
  const editor = page.getByTestId(`builder-column-${column}-button-${index}`);
  await editor.getByTestId('builder-action-type').getByText(button.type, { exact: true }).click();
  await editor.getByTestId('builder-action-label').fill(button.label);
  if (button.text !== undefined) await editor.getByTestId('builder-action-text').fill(button.text);
  if (button.uri !== undefined) await editor.getByTestId('builder-action-uri').fill(button.uri);
  if (button.score !== undefined) await editor.getByTestId('builder-action-score').fill(String(button.score));
}

/** Every id of a carousel's cards, buttons and scores, in order. */
function carouselIds(message: BuilderMessage) {
  return (message.message_columns ?? []).map((column) => ({
    column: column.id,
    actions: column.message_actions.map((action) => ({ action: action.id, score: action.score?.id ?? null })),
  }));
}

/** A text template saved through the API in the page's channel. */
async function textTemplate(page: Page, name: string, text: string): Promise<number> {
  const body = toSavePayload({
    id: null,
    message: { ...emptyMessage('text_message'), text },
    template: { name, folder_id: null },
  });
  const created = await serviceApi(page, templatesApi.create, { body });
  expect(created.status).toBe(201);
  return created.body.plan.id;
}

describe('carousel template', () => {
  it('is built and saved in the browser, keeps its ids when edited after a reload, is sent as a test and tapped for a score', async ({
    page,
  }) => {
    await loginAsDemoStaff(page, '/service/templates/text_message');
    await page.getByTestId('template-type-carousel').click();
    await page.waitForURL(serviceScreen('/service/templates/carousel'));
    // The address changes before the list re-renders for the new type: wait for its create link.
    await page.locator('a[href*="/service/templates/carousel/create"] [data-testid="create-button"]').click();
    await page.waitForURL(serviceScreen('/service/templates/carousel/create'));

    const name = unique('E2E カルーセル');
    await page.getByTestId('template-name').fill(name);
    // Three buttons a card, two cards.
    await page.getByTestId('builder-action-count').getByText('3', { exact: true }).click();
    await page.getByTestId('builder-column-add').click();
    await page.getByTestId('builder-column-1').waitFor();
    for (const column of [0, 1]) {
      const card = page.getByTestId(`builder-column-${column}`);
      await card.getByTestId('builder-column-title').fill(`カード${column + 1}`);
      await card.getByTestId('builder-column-text').fill(`説明${column + 1}`);
      await fillButton(page, column, 0, { type: 'メッセージ送信', label: `予約${column + 1}`, text: '予約したい' });
      await fillButton(page, column, 1, { type: 'ポストバック', label: `ポイント${column + 1}`, score: 5 });
      await fillButton(page, column, 2, {
        type: 'リンク',
        label: `サイト${column + 1}`,
        uri: 'https://example.com/',
      });
    }
    // The preview shows the cards as LINE would.
    await page.getByTestId('template-preview').getByText('カード2').waitFor();
    await page.getByTestId('template-save').click();

    // Created: the address is the template's own, so a reload shows what was saved.
    await page.waitForURL(serviceScreen(/^\/service\/templates\/carousel\/edit\/\d+$/));
    const id = idInUrl(page);
    const saved = await templateOf(page, id);
    expect(saved.detail.plan.name).toBe(name);
    const ids = carouselIds(saved.message);
    expect(ids).toHaveLength(2);
    expect(ids.flatMap((column) => column.actions)).toHaveLength(6);
    expect(ids.every((column) => typeof column.column === 'number')).toBe(true);

    await page.reload();
    await page.waitForFunction(
      (expected) =>
        (document.querySelector('[data-testid="template-name"]') as HTMLInputElement | null)?.value === expected,
      name,
    );
    const label = page.getByTestId('builder-column-0-button-0').getByTestId('builder-action-label');
    expect(await label.inputValue()).toBe('予約1');
    await label.fill('今すぐ予約');
    await page.getByTestId('template-save').click();
    await until(
      async () => {
        const { message } = await templateOf(page, id);
        return message.message_columns?.[0]?.message_actions[0]?.label === '今すぐ予約' ? message : undefined;
      },
      10_000,
      'the edited label',
    ).then((message) => expect(carouselIds(message)).toEqual(ids));
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`/edit/${id}$`));

    // Send test to a new virtual friend from the list.
    const friendName = unique('テスト送信');
    const friend: VirtualFriend = await followingFriend(page, friendName);
    const friendId = await friendIdOf(page, friendName);
    await page.getByTestId('back-link').click();
    await page.waitForURL(serviceScreen('/service/templates/carousel'));
    await page.getByTestId(`template-row-${id}`).waitFor();
    await page.getByTestId(`row-send-test-${id}`).click();
    await page.getByTestId('send-test-modal').waitFor();
    await page.getByTestId('send-test-friend').click();
    await page.keyboard.type(friendName);
    await page.getByTestId(`send-test-friend-${friendId}`).click();
    await clickInDialog(page, 'send-test-submit');
    await page.getByText(`${friendName}さんに送信しました`).waitFor();

    const carousel = await until(
      async () => (await receivedBy(page, friend)).find((entry) => entry.message.type === 'template'),
      20_000,
      'the carousel on the friend’s phone',
    );
    const template = carousel.message.template as {
      type: string;
      columns: { title: string; actions: { label: string }[] }[];
    };
    expect(template.type).toBe('carousel');
    expect(template.columns.map((column) => column.title)).toEqual(['カード1', 'カード2']);
    expect(template.columns[0]?.actions.map((action) => action.label)).toEqual(['今すぐ予約', 'ポイント1', 'サイト1']);

    // The friend sees the cards in the phone panel and taps the postback button: +5.
    const before = await scoreOf(page, friendId);
    await page.getByTestId('phone-panel-open').click();
    const panel = page.getByTestId('phone-panel');
    await panel.waitFor();
    await page.getByTestId('sim-friend-select').click();
    await page.getByTestId(`sim-friend-option-${friend.user_id}`).click();
    await panel.getByText('カード2').waitFor({ timeout: 20_000 });
    await panel.getByText('今すぐ予約').waitFor();
    await panel.locator('[data-testid="sim-action"]', { hasText: 'ポイント2' }).click();
    await until(
      async () => ((await scoreOf(page, friendId)) === before + 5 ? true : undefined),
      20_000,
      'the score of the tap',
    );
    // The talk shows the tap by the button's label.
    const history = await until(
      async () => {
        const { data } = await serviceApi(page, talksApi.history, { query: { friend_id: friendId } });
        return data.find((message) => message.type === 'postback');
      },
      20_000,
      'the tap in the talk',
    );
    expect(history.content.label).toBe('ポイント2');
  }, 180_000);
});

describe('LINE rules while editing', () => {
  it('shows why a 21-character button label cannot be sent and disables saving until it is fixed', async ({ page }) => {
    await loginAsDemoStaff(page, '/service/templates/text_message');
    await page.goto('/service/templates/confirm/create');
    await page.getByTestId('template-name').fill(unique('E2E 確認'));
    await page.getByTestId('builder-confirm-text').fill('ご予約を確定しますか？');
    const label = page.getByTestId('builder-action-label').first();
    await label.fill('あ'.repeat(21));
    // Next to the field: the reason with LINE's limit (antd keeps a fixed field's message a moment as it fades out).
    await page
      .getByTestId('builder-confirm-answer-0')
      .getByTestId('builder-field-issue')
      .filter({ hasText: 'ラベルは20文字以内にしてください' })
      .waitFor();
    await page.getByTestId('builder-issues').waitFor();
    await page.getByTestId('template-save-blocked').waitFor();
    expect(await page.getByTestId('template-save').isDisabled()).toBe(true);

    await label.fill('あ'.repeat(20));
    await page.getByTestId('template-save-blocked').waitFor({ state: 'detached' });
    expect(await page.getByTestId('template-save').isDisabled()).toBe(false);
    // The name is required too, on the client before anything is sent.
    await page.getByTestId('template-name').fill('');
    await page.getByTestId('template-save').click();
    await page.getByText('テンプレート名を入力してください').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/create$/);

    // Leaving with unsaved changes asks first.
    await page.getByTestId('back-link').click();
    await clickInDialog(page, 'leave-cancel');
    expect(new URL(page.url()).pathname).toMatch(/\/create$/);
    await page.getByTestId('back-link').click();
    await clickInDialog(page, 'leave-confirm');
    await page.waitForURL(serviceScreen('/service/templates/confirm'));
  }, 120_000);

  it('shows an unknown message type as not found', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/templates/flex' });
    await page.getByTestId('template-type-not-found').waitFor();
  });
});

/** A 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('image template', () => {
  it('uploads the image the console then serves, and saves its address', async ({ page }) => {
    await loginAsDemoStaff(page, '/service/templates/text_message');
    await page.goto('/service/templates/image/create');
    await page.getByTestId('template-name').fill(unique('E2E 画像'));
    await page
      .getByTestId('message-builder')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByTestId('template-preview').locator('img').waitFor();
    await page.getByTestId('template-save').click();
    await page.waitForURL(serviceScreen(/^\/service\/templates\/image\/edit\/\d+$/));
    const { message } = await templateOf(page, idInUrl(page));
    expect(message.image_url).toMatch(/\/files\/[0-9a-f]{48}\.png$/);
    const served = await fetch(message.image_url ?? '');
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  }, 120_000);
});

describe('teppan templates', () => {
  it('an administrator makes one; staff copy it into the selected folder from the drawer', async ({ openPage }) => {
    const admin = await openPage();
    const staff = await openPage();
    await signIn(admin, 'admin', 'admin@demo.example', { path: '/admin/teppan/templates/text_message' });
    await admin.getByTestId('templates-table').waitFor();
    await admin.getByTestId('create-button').click();
    await admin.waitForURL('**/admin/teppan/templates/text_message/create');
    const name = unique('E2E 鉄板');
    await admin.getByTestId('template-name').fill(name);
    await admin.getByTestId('builder-text').fill('ご来店ありがとうございます。');
    await admin.getByTestId('template-save').click();
    await admin.waitForURL(/\/admin\/teppan\/templates\/text_message\/edit\/\d+$/);
    const teppanId = idInUrl(admin);
    const listed = await serviceApi(admin, teppanTemplatesApi.list, { query: { name } });
    expect(listed.data.map((row) => row.id)).toEqual([teppanId]);

    await loginAsDemoStaff(staff, '/service/templates/text_message');
    const page = staff;
    const folder = await serviceApi(page, serviceFoldersApi.create, {
      body: { folder_type: 'templates', name: unique('E2E 鉄板コピー先') },
    });
    expect(folder.status).toBe(201);
    await page.goto(`/service/templates/text_message?folder_id=${folder.data.id}`);
    await page.waitForSelector(`[data-testid="folder-${folder.data.id}"][data-selected="true"]`);
    await page.getByTestId('templates-empty').waitFor();

    await page.getByTestId('teppan-open').click();
    await page.getByTestId('teppan-drawer').waitFor();
    await page.getByTestId('teppan-search').locator('input').fill(name);
    await page.getByTestId('teppan-search').locator('input').press('Enter');
    await page.getByTestId(`teppan-row-${teppanId}`).waitFor();
    await page.getByTestId(`teppan-preview-${teppanId}`).click();
    await page.getByTestId(`teppan-preview-${teppanId}-content`).getByText('ご来店ありがとうございます。').waitFor();
    await clickInDialog(page, `teppan-copy-${teppanId}`);
    await page.getByTestId('copied-link').waitFor();
    // The link names the copy and keeps the tab's channel.
    const copyHref = await page.getByTestId('copied-link').getAttribute('href');
    expect(copyHref).toMatch(new RegExp(`^/service/templates/text_message/edit/\\d+\\?laid=${await channelOf(page)}$`));
    const copyId = Number(copyHref?.split('?')[0]?.split('/').pop());

    // The list behind the drawer shows the copy in the selected folder.
    await page.getByTestId(`template-row-${copyId}`).waitFor();
    expect(await page.getByTestId(`template-name-${copyId}`).textContent()).toBe(name);
    const { detail } = await templateOf(page, copyId);
    expect(detail.plan.folder_id).toBe(folder.data.id);

    await page.getByTestId('copied-link').click();
    await page.waitForURL(serviceScreen(`/service/templates/text_message/edit/${copyId}`));
    expect(await page.getByTestId('builder-text').innerText()).toBe('ご来店ありがとうございます。');
  }, 150_000);
});

describe('templates in talks', () => {
  it('sends a chosen template from the composer; it shows in the chat and reaches the friend', async ({ page }) => {
    await loginAsDemoStaff(page, '/service/templates/text_message');
    const name = unique('E2E トーク用');
    const text = `ご予約ありがとうございます ${uniqueSuffix()}`;
    await textTemplate(page, name, text);
    const friendName = unique('テンプレ');
    const friend = await followingFriend(page, friendName);
    await friendWrites(page, friend, '予約したいです');
    const friendId = await consoleIdOf(page, friendName);

    await page.goto(`/service/talks/${friendId}`);
    await page.getByTestId('talk-chat').getByText('予約したいです').waitFor();
    await page.getByTestId('talk-template-open').click();
    await page.getByTestId('talk-template-picker').waitFor();
    await page.getByTestId('talk-template-search').locator('input').fill(name);
    await page.getByTestId('talk-template-search').locator('input').press('Enter');
    const item = page.locator('[data-testid^="talk-template-item-"]', { hasText: name });
    await item.click();
    await page.getByTestId('talk-template-preview').getByText(text).waitFor();
    await clickInDialog(page, 'talk-template-send');

    await page.getByTestId('talk-template-picker').waitFor({ state: 'detached' });
    await page
      .getByTestId('talk-chat')
      .locator('[data-direction="outgoing"]', { hasText: text })
      .waitFor({ timeout: 20_000 });
    const received = await until(
      async () => (await receivedBy(page, friend)).find((entry) => entry.message.text === text),
      20_000,
      'the template on the friend’s phone',
    );
    expect(received.message.type).toBe('text');
  }, 150_000);
});

describe('view-only staff', () => {
  it('see templates and their previews, but no create, copy, delete, send test or teppan controls', async ({
    openPage,
  }) => {
    const staff = await openPage();
    const viewer = await openPage();
    await loginAsDemoStaff(staff, '/service/templates/text_message');
    const name = unique('E2E 閲覧用');
    const id = await textTemplate(staff, name, '閲覧のみのスタッフにも見えます');

    await signIn(viewer, 'service', 'viewer@demo.example', {
      path: `/service/templates/text_message?name=${encodeURIComponent(name)}`,
    });
    await viewer.getByTestId(`template-row-${id}`).waitFor();
    await viewer.getByTestId(`template-preview-${id}`).click();
    await viewer.getByTestId(`template-preview-${id}-content`).getByText('閲覧のみのスタッフにも見えます').waitFor();
    // The viewer may not send messages either: no send test.
    const absent = ['create-button', 'teppan-open', `row-edit-${id}`, `row-copy-${id}`, `row-delete-${id}`];
    for (const testId of [...absent, `row-send-test-${id}`]) {
      expect(await viewer.getByTestId(testId).count(), testId).toBe(0);
    }
  }, 120_000);
});
