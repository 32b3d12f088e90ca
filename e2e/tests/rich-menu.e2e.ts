import { richMenusApi, simulatorApi, tagsApi, type RichMenu } from '@linq/contract';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  demoFriendsJoined,
  followingFriend,
  friendIdOf,
  scoreOf,
  serviceApi,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { chooseOption } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

/** A valid solid-colour PNG (LINE's rich-menu rules: width 800–2500, width/height ≥ 1.45). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3, 0x40);
  row[0] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The menu of that name once LINE has it (publishing runs as a job). */
const publishedMenu = (page: Page, name: string) =>
  until(
    async () => {
      const { data } = await serviceApi(page, richMenusApi.list, { query: { name } });
      const menu = data.find((candidate) => candidate.name === name);
      if (menu?.publish_state === 'failed') throw new Error(`publishing failed: ${menu.publish_error}`);
      return menu?.publish_state === 'published' ? menu : undefined;
    },
    30_000,
    `${name} published`,
  );

/** Chat-bar text the virtual friend's phone shows under the talk. */
const shownChatBar = async (page: Page, userId: string) =>
  (await serviceApi(page, simulatorApi.richMenu, { params: { userId } })).data?.chat_bar_text ?? null;

describe('rich menus', () => {
  it('builds, publishes and taps a menu with a tab, shows its tap figures, and a hand-made tag rule gives tagged friends another', async ({
    page,
  }) => {
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/rich-menu' });
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);
    await demoFriendsJoined(page);
    const suffix = uniqueSuffix();
    const tabName = `タブ2 ${suffix}`;
    const mainName = `メイン ${suffix}`;

    // The second tab: a standard compact layout drawn in the browser, with a tab id.
    await page.goto('/service/rich-menu/create');
    await page.getByTestId('rich-menu-name').fill(tabName);
    await page.getByTestId('rich-menu-chat-bar').fill(`タブ2${suffix}`);
    await page.getByTestId('rich-menu-alias').fill(`tab2-${suffix}`);
    await page.getByTestId('rich-menu-from-layout').click();
    await page.getByText('小（2500×843）').click();
    await page.getByTestId('rich-menu-layout-text-0').fill('タブ2');
    await page.getByTestId('rich-menu-layout-ok').click();
    await page.getByTestId('rich-menu-area-2').waitFor();
    await page.getByTestId('rich-menu-publish').click();
    await page.waitForURL(/\/service\/rich-menu\/\d+\/edit/);
    const tab = await publishedMenu(page, tabName);
    expect(tab.width).toBe(2500);
    expect(tab.height).toBe(843);
    expect(tab.areas).toHaveLength(3);

    // The main menu: an uploaded image with three areas drawn on it.
    // Tall enough that the image and the drag below it stay in the window (the editor is a long page).
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto('/service/rich-menu/create');
    await page.getByTestId('rich-menu-name').fill(mainName);
    await page.getByTestId('rich-menu-chat-bar').fill(`メニュー${suffix}`);
    // The browser refuses an image LINE would refuse, with the reason.
    await page
      .getByTestId('rich-menu-file')
      .setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: png(900, 900) });
    expect(await page.getByTestId('rich-menu-image-error').textContent()).toContain('幅÷高さ');
    await page
      .getByTestId('rich-menu-file')
      .setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: png(1200, 405) });
    await page.getByTestId('rich-menu-canvas').waitFor();
    for (let i = 0; i < 3; i++) await page.getByTestId('rich-menu-add-area').click();

    // Area 1 (index 0) is dragged down: its bounds stay whole image pixels inside the image.
    const first = page.getByTestId('rich-menu-area-0');
    const before = await first.getAttribute('data-bounds');
    const box = (await first.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 300, { steps: 5 });
    await page.mouse.up();
    const after = (await first.getAttribute('data-bounds'))!.split(',').map(Number);
    expect(after.join(',')).not.toBe(before);
    expect(after.every(Number.isInteger)).toBe(true);
    expect(after[1]! + after[3]!).toBeLessThanOrEqual(405);

    await page.getByTestId('rich-menu-area-tab-0').click();
    await chooseOption(page, 'rich-menu-action-type', 'リンクを開く');
    await page.getByTestId('rich-menu-action-uri').fill('https://example.com/rich-menu');
    await page.getByTestId('rich-menu-area-tab-1').click();
    // antd puts the test id on the number input itself in some versions, on its wrapper in others.
    await page
      .locator('input[data-testid="rich-menu-action-score"], [data-testid="rich-menu-action-score"] input')
      .first()
      .fill('10');
    await page.getByTestId('rich-menu-area-tab-2').click();
    await chooseOption(page, 'rich-menu-action-type', 'タブを切り替える');
    await chooseOption(page, 'rich-menu-action-switch', tabName);
    await page.getByTestId('rich-menu-publish').click();
    await page.waitForURL(/\/service\/rich-menu\/\d+\/edit/);
    const main: RichMenu = await publishedMenu(page, mainName);
    expect(main.areas.map((area) => area.action.type)).toEqual(['uri', 'postback', 'richmenuswitch']);
    expect(main.areas[1]!.action).toMatchObject({ type: 'postback', score: 10 });

    // The main menu is the channel's default.
    expect((await serviceApi(page, richMenusApi.setDefault, { body: { rich_menu_id: main.id } })).status).toBe(200);
    await page.goto('/service/rich-menu');
    await page.getByTestId(`rich-menu-shown-${main.id}`).getByText('デフォルト').waitFor();

    // In the phone panel a new friend sees the menu, taps the postback (score up) and switches tab.
    const friendName = `RM ${suffix}`;
    const friend = await followingFriend(page, friendName);
    const friendId = await friendIdOf(page, friendName);
    const scoreBefore = await scoreOf(page, friendId);
    await page.getByTestId('phone-panel-open').click();
    const sheet = page.getByTestId('sim-rich-menu');
    await sheet.waitFor();
    expect(await page.getByTestId('sim-rich-menu-bar').textContent()).toContain(`メニュー${suffix}`);
    if ((await sheet.getAttribute('data-open')) !== 'true') await page.getByTestId('sim-rich-menu-bar').click();
    await page.getByTestId('sim-rich-menu-area-1').click();
    await until(
      async () => ((await scoreOf(page, friendId)) === scoreBefore + 10 ? true : undefined),
      20_000,
      'the postback score',
    );
    await page.getByTestId('sim-rich-menu-area-2').click();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="sim-rich-menu-bar"]')?.textContent?.includes(text),
      `タブ2${suffix}`,
      { timeout: 20_000 },
    );

    // The editor shows our tap count of the postback area beside LINE's insight, which withholds
    // its figures for one friend: "not enough data", never 0.
    await until(
      async () => {
        const { data } = await serviceApi(page, richMenusApi.get, { params: { id: main.id } });
        return data.areas[1]!.tap_count === 1 ? true : undefined;
      },
      20_000,
      'the counted postback tap',
    );
    await page.goto(`/service/rich-menu/${main.id}/edit`);
    await page.getByTestId('rich-menu-figures').waitFor();
    // Our counts (for the same period) come with LINE's state.
    const insightState = page.getByTestId('rich-menu-insight-state');
    await insightState.waitFor();
    expect(await page.getByTestId('rich-menu-figures-ours-1').textContent()).toBe('1');
    expect(await page.getByTestId('rich-menu-figures-ours-0').textContent()).toBe('0');
    expect(await insightState.getAttribute('data-state')).toBe('not_enough_data');
    expect(await insightState.textContent()).toContain('集計に必要な人数に達していません');
    expect(await page.getByTestId('rich-menu-figures-line-taps-1').textContent()).toBe('人数不足');

    // A tag rule made by hand in the rules drawer: a friend tagged before the rule existed is
    // counted in its preview, gets the tab menu, and the friend detail says the rule is why.
    const tagName = `RM ${suffix}`;
    const { data: tag } = await serviceApi(page, tagsApi.create, { body: { name: tagName, folder_id: null } });
    const taggedName = `RM2 ${suffix}`;
    const tagged = await followingFriend(page, taggedName);
    const taggedId = await friendIdOf(page, taggedName);
    expect(await shownChatBar(page, tagged.user_id)).toBe(`メニュー${suffix}`);
    await serviceApi(page, tagsApi.addFriends, { params: { id: tag.id }, body: { friend_ids: [taggedId] } });

    const ruleName = `タグ ${suffix}`;
    await page.goto('/service/rich-menu');
    await page.getByTestId('rich-menu-rules-open').click();
    await page.getByTestId('rich-menu-rule-add').click();
    await page.getByTestId('rich-menu-rule-name').fill(ruleName);
    await chooseOption(page, 'rich-menu-rule-menu', tabName);
    // Earlier runs leave many tags: the list is searched so the new one is drawn.
    await page.getByTestId('rich-menu-rule-tags').click();
    await page.keyboard.type(tagName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: tagName }).first().click();
    // Closes the tag list (a multiple select stays open) before saving.
    await page.getByTestId('rich-menu-rule-name').click();
    await page.getByTestId('rich-menu-rule-save').click();
    const ruleRow = page.getByTestId('rich-menu-rules').locator('tr', { hasText: ruleName });
    await ruleRow.getByText('1人').waitFor();
    await until(
      async () => ((await shownChatBar(page, tagged.user_id)) === `タブ2${suffix}` ? true : undefined),
      20_000,
      'the tagged friend’s menu',
    );

    // The clean exit asks first; cancelling it keeps every rule and the default.
    await page.getByTestId('rich-menu-clean-exit').click();
    await page.getByTestId('clean-exit-cancel').click();
    await page.getByTestId('clean-exit-cancel').waitFor({ state: 'detached' });
    await ruleRow.waitFor();
    expect((await serviceApi(page, richMenusApi.settings, {})).data.default_rich_menu_id).toBe(main.id);
    expect(await shownChatBar(page, tagged.user_id)).toBe(`タブ2${suffix}`);

    await page.goto(`/service/friends/${taggedId}`);
    await page.getByTestId('friend-rich-menu-reason').getByText(ruleName).waitFor();
    expect(await page.getByTestId('friend-rich-menu-reason').getAttribute('data-reason')).toBe('rule');
    expect(await page.getByTestId('friend-rich-menu-name').textContent()).toBe(tabName);
    expect(friend.user_id).not.toBe(tagged.user_id);
  }, 240_000);
});
