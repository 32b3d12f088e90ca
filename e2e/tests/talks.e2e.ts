import { talksApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  consoleIdOf,
  demoFriendsJoined,
  followingFriend,
  friendWrites,
  receivedBy,
  selectedSimulatedChannel,
  serviceApi,
  simulatorControl,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it, test } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

/*
 * The talk screens against the demo: virtual friends of the demo channel (LINE simulator) write
 * through the console's simulator API, exactly what the phone panel does, and the staff console
 * must show it by itself (realtime), reply, and keep untrusted text inert.
 */

/** Logs in as the demo staff and opens the talks once the demo friends are all in. */
async function openTalks(page: Page) {
  await signIn(page, 'service', 'staff@demo.example', { path: '/service/talks' });
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await demoFriendsJoined(page);
  await page.getByTestId('talk-list').waitFor();
  await page.locator('[data-testid="realtime-status"][data-status="open"]').waitFor({ timeout: 20_000 });
}

const unique = uniqueSuffix;
const item = (page: Page, id: number) => page.getByTestId(`talk-item-${id}`);
const unreadBecomes = (page: Page, id: number, count: number) =>
  page.waitForFunction(
    ([friendId, expected]) =>
      document.querySelector(`[data-testid="talk-item-${friendId}"]`)?.getAttribute('data-unread') === String(expected),
    [id, count] as const,
    { timeout: 20_000 },
  );

/** A 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('talks (demo channel with virtual friends)', () => {
  let page: Page;
  test.beforeAll(async ({ openFilePage }) => {
    page = await openFilePage();
    await openTalks(page);
  }, 120_000);

  it('shows a friend’s message and unread count without a reload; opening reads it; the reply reaches the friend', async () => {
    const name = `トーク ${unique()}`;
    const friend = await followingFriend(page, name);
    // A page reload would drop this marker.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    await friendWrites(page, friend, 'こんにちは、予約できますか？');
    const id = await consoleIdOf(page, name);
    await item(page, id).waitFor({ timeout: 20_000 });
    await unreadBecomes(page, id, 1);
    expect(await item(page, id).getByTestId('talk-item-preview').textContent()).toBe('こんにちは、予約できますか？');
    // The newest conversation is at the top.
    expect(await page.locator('[data-testid^="talk-item-"]').first().getAttribute('data-testid')).toBe(
      `talk-item-${id}`,
    );

    await item(page, id).click();
    await page.waitForURL(serviceScreen(`/service/talks/${id}`));
    const chat = page.getByTestId('talk-chat');
    await chat.getByText('こんにちは、予約できますか？').waitFor();
    await unreadBecomes(page, id, 0);
    const listed = await serviceApi(page, talksApi.conversations, { query: { name } });
    expect(listed.data.find((row) => row.id === id)?.message_unreads_counts).toBe(0);

    // Wide screen, the open friend writes again: shown in the chat, and the count stays 0.
    await friendWrites(page, friend, '2名です');
    await chat.getByText('2名です').waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      (friendId) =>
        document
          .querySelector(`[data-testid="talk-item-${friendId}"] [data-testid="talk-item-preview"]`)
          ?.textContent?.includes('2名です'),
      id,
      { timeout: 20_000 },
    );
    expect(await item(page, id).getAttribute('data-unread')).toBe('0');

    const reply = `承りました https://example.com/r/${unique()}`;
    await page.getByTestId('talk-input').fill(reply);
    await page.getByTestId('talk-input').press('Control+Enter');
    const sent = chat.locator('[data-direction="outgoing"]', { hasText: reply });
    await sent.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('talk-input').inputValue()).toBe('');
    expect(await sent.getByTestId('talk-sender').textContent()).toBe('スタッフ 花子');
    // The link in the text is a link that opens elsewhere without access to this page.
    const link = sent.locator('a');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    await sent.locator('[data-testid="talk-delivery"][data-status="sent"]').waitFor({ timeout: 20_000 });

    const received = await until(
      async () => {
        const messages = await receivedBy(page, friend);
        return messages.find((entry) => entry.message.text === reply);
      },
      20_000,
      'the reply on the friend’s phone',
    );
    expect(received.message).toEqual({ type: 'text', text: reply });
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  }, 120_000);

  it('sends an image: uploaded, shown in the chat, received by the friend and served by the console', async () => {
    const name = `画像 ${unique()}`;
    const friend = await followingFriend(page, name);
    await friendWrites(page, friend, '写真を送ってください');
    const id = await consoleIdOf(page, name);
    await item(page, id).click();
    await page.getByTestId('talk-chat').getByText('写真を送ってください').waitFor();

    await page.getByTestId('talk-image-input').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: PNG_1X1,
    });
    const image = await until(
      async () => (await receivedBy(page, friend)).find((entry) => entry.message.type === 'image'),
      20_000,
      'the image on the friend’s phone',
    );
    const url = String(image.message.originalContentUrl);
    expect(url).toMatch(/\/files\/[0-9a-f]{48}\.png$/);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    await page.locator('[data-testid="talk-chat"] [data-direction="outgoing"] img').first().waitFor();
    await page.waitForFunction(
      (friendId) =>
        document.querySelector(`[data-testid="talk-item-${friendId}"] [data-testid="talk-item-preview"]`)
          ?.textContent === '画像を送信しました',
      id,
      { timeout: 20_000 },
    );
  }, 120_000);
});

describe('talks: a reply held by the monthly quota', () => {
  let page: Page;
  test.beforeAll(async ({ openFilePage }) => {
    page = await openFilePage();
    await openTalks(page);
  }, 120_000);

  it('shows why it waits and when it is checked next; 今すぐ再試行 sends it once the quota allows', async () => {
    const name = `上限 ${unique()}`;
    const friend = await followingFriend(page, name);
    await friendWrites(page, friend, '在庫はありますか？');
    const id = await consoleIdOf(page, name);
    await item(page, id).click();
    const chat = page.getByTestId('talk-chat');
    await chat.getByText('在庫はありますか？').waitFor();

    // What the phone had before the reply (the channel's welcome, when it has one).
    const before = await receivedBy(page, friend);
    const channel = await selectedSimulatedChannel(page);
    const quotaPath = `/_sim/channels/${channel.channelId}/quota`;
    // This month's messages are all spent.
    const spent = await simulatorControl<{ used: number }>('GET', quotaPath);
    await simulatorControl('PUT', quotaPath, { limit: spent.used });
    try {
      const reply = `入荷しました ${unique()}`;
      await page.getByTestId('talk-input').fill(reply);
      await page.getByTestId('talk-input').press('Control+Enter');
      const held = chat.locator('[data-direction="outgoing"]', { hasText: reply });
      await held.locator('[data-testid="talk-delivery"][data-status="waiting"]').waitFor({ timeout: 20_000 });
      await expect(held.getByTestId('talk-delivery').locator('.ant-tag').textContent()).resolves.toBe('送信保留中');
      await expect(held.getByTestId('delivery-wait').getAttribute('data-reason')).resolves.toBe('quota');
      await held.getByText('今月のメッセージ送信数の上限に達したため送信を保留しています').waitFor();
      await expect(held.getByTestId('delivery-next-attempt').textContent()).resolves.toMatch(
        /^次回の確認: \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/,
      );

      // Still spent: it stays on hold, and says so.
      await held.getByTestId('delivery-retry').click();
      await page.getByText('送信できる状態になっていないため、引き続き保留します').waitFor();
      expect(await receivedBy(page, friend)).toEqual(before);

      await simulatorControl('PUT', quotaPath, { limit: channel.quota.limit });
      await held.getByTestId('delivery-retry').click();
      await held.locator('[data-testid="talk-delivery"][data-status="sent"]').waitFor({ timeout: 20_000 });
      expect(await held.getByTestId('delivery-wait').count()).toBe(0);
      const received = await until(
        async () => {
          const messages = await receivedBy(page, friend);
          return messages.length > before.length ? messages.slice(before.length) : undefined;
        },
        20_000,
        'the reply on the friend’s phone',
      );
      expect(received.map((entry) => entry.message.text)).toEqual([reply]);
    } finally {
      await simulatorControl('PUT', quotaPath, { limit: channel.quota.limit });
    }
  }, 120_000);
});

describe('talks: untrusted text', () => {
  it('renders names and messages with markup, javascript: links and RTL/zero-width characters as text; no script runs', async ({
    page,
  }) => {
    // What every payload would call if it ever ran as markup or a link.
    await page.context().addInitScript(() => {
      Object.assign(window, {
        pwn: () => Object.assign(window, { __xss: true }),
      });
    });
    await openTalks(page);
    // The simulator keeps names to 20 characters: an RTL override and an svg with an onload handler.
    const name = `\u202E<svg onload=pwn()>`;
    const friend = await followingFriend(page, name);
    const payloads = [
      '<img src=x onerror="pwn()">',
      '<script>pwn()</script>',
      'javascript:pwn() [tap](javascript:pwn())',
      `zero\u200Bwidth \u202Egnirts lrt\u202C <b onclick="pwn()">bold</b>`,
    ];
    for (const text of payloads) await friendWrites(page, friend, text);
    const id = await consoleIdOf(page, name);
    await item(page, id).waitFor({ timeout: 20_000 });
    await unreadBecomes(page, id, payloads.length);
    expect(await item(page, id).getByTestId('talk-item-name').textContent()).toBe(name);

    await item(page, id).click();
    const chat = page.getByTestId('talk-chat');
    for (const text of payloads) {
      await chat.locator('[data-testid="talk-text"]', { hasText: text }).waitFor({ timeout: 20_000 });
    }
    expect(await chat.getByTestId('talk-chat-name').textContent()).toBe(name);

    const found = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: boolean }).__xss ?? false,
      images: document.querySelectorAll('img[src="x"]').length,
      svgs: document.querySelectorAll('[data-testid="talk-chat"] svg[onload], [data-testid="talk-list"] svg[onload]')
        .length,
      bold: document.querySelectorAll('[data-testid="talk-chat"] b').length,
      scripts: [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('pwn')).length,
      javascriptLinks: document.querySelectorAll('a[href^="javascript"]').length,
    }));
    expect(found).toEqual({ xss: false, images: 0, svgs: 0, bold: 0, scripts: 0, javascriptLinks: 0 });
  }, 150_000);
});

describe('talks on a phone (375px)', () => {
  it('shows the list, then the chat as a separate screen with a way back', async ({ phonePage: page }) => {
    await openTalks(page);
    const name = `スマホ ${unique()}`;
    const friend = await followingFriend(page, name);
    await friendWrites(page, friend, 'スマホから');
    const id = await consoleIdOf(page, name);

    await page.getByTestId('talks-list-screen').waitFor();
    expect(await page.getByTestId('talks-wide').count()).toBe(0);
    await item(page, id).waitFor({ timeout: 20_000 });
    await item(page, id).click();
    await page.waitForURL(serviceScreen(`/service/talks/${id}`));
    await page.getByTestId('talks-chat-screen').waitFor();
    await page.getByTestId('talk-chat').getByText('スマホから').waitFor();
    expect(await page.getByTestId('talk-list').count()).toBe(0);

    await page.getByTestId('back-link').click();
    await page.waitForURL(serviceScreen('/service/talks'));
    await page.getByTestId('talks-list-screen').waitFor();
    expect(await page.getByTestId('talk-chat').count()).toBe(0);
    // Opening the chat read the message.
    expect(await item(page, id).getAttribute('data-unread')).toBe('0');
  }, 150_000);
});
