import { abnormalDetectionApi, talksApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import {
  consoleIdOf,
  demoFriendsJoined,
  followingFriend,
  friendWrites,
  selectedSimulatedChannel,
  serviceApi,
  simulatorControl,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

describe('abnormal detection', () => {
  it('a spent-quota refusal injected at LINE raises an incident; its detail shows the chart and it is acknowledged', async ({
    page,
  }) => {
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/abnormal-detection' });
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);
    await demoFriendsJoined(page);
    // The demo's own incidents are listed from the start.
    await expect.poll(() => page.getByTestId('incidents-table').textContent()).toContain('ブロックの急増');

    const name = `異常検知 ${uniqueSuffix()}`;
    const friend = await followingFriend(page, name);
    await friendWrites(page, friend, '問い合わせです');
    const friendId = await consoleIdOf(page, name);
    const channel = await selectedSimulatedChannel(page);
    await simulatorControl('POST', '/_sim/faults', {
      channelId: channel.channelId,
      endpoint: 'pushMessage',
      mode: 'quota429',
      count: 1,
    });
    const sent = await serviceApi(page, talksApi.send, {
      body: { friend_id: friendId, message: { type: 'text', text: '今月のお知らせです' } },
    });
    expect(sent.status).toBe(201);
    const incident = await until(
      async () =>
        (await serviceApi(page, abnormalDetectionApi.list, { query: { detector: 'quota', status: 'open' } })).data[0],
      60_000,
      'the quota incident',
    );

    await page.goto('/service/abnormal-detection?detector=quota');
    await page.getByTestId(`incident-link-${incident.id}`).click();
    await expect.poll(() => page.getByTestId('incident-detector').textContent()).toBe('月間メッセージ数の上限');
    await expect.poll(() => page.getByTestId('incident-what').textContent()).toContain('上限に達したため');
    await page.getByTestId('incident-chart').locator('canvas').first().waitFor();

    await page.getByTestId('incident-comment').fill('LINEの契約プランを確認します');
    await page.getByTestId('incident-acknowledge').click();
    await expect.poll(() => page.getByTestId('incident-status').textContent()).toBe('確認済み');
    await expect
      .poll(() => page.getByTestId('incident-timeline').textContent())
      .toContain('LINEの契約プランを確認します');
  });
});
