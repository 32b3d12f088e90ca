import { friendsApi, planDetail, plansApi, talksApi, toPlanSavePayload } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoFriendsJoined, followingFriend, friendIdOf, serviceApi, uniqueSuffix } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

/*
 * The talk is the whole story (issue 23 §1, §2): a virtual friend rehearses a copy of the demo's
 * branching welcome scenario (a text, the next day a confirm box whose はい leads to a text), moved
 * on by the rehearsal's own 次の配信まで, taps はい in the phone panel, and the friend's talk then shows every message with its source, the
 * tap by its label and where it was, and the follow; and no other friend got anything of the plan.
 */

const WELCOME = '友だち追加ウェルカムシナリオ';
const WELCOME_TEXT = '友だち追加ありがとうございます！';
const CONFIRM_TEXT = '今週末のご来店のご予定はありますか？';
const YES_TEXT = 'ご来店をお待ちしております！';

const channelSide = (panel: Locator) => panel.locator('[data-testid^="sim-message-"][data-side="channel"]');
const arrives = (panel: Locator, text: string) =>
  channelSide(panel).filter({ hasText: text }).first().waitFor({ timeout: 20_000 });

/** Every entry the plan sent to the channel's other friends, by key. */
async function sendsToOthers(page: Page, planName: string, exceptId: number | null): Promise<string[]> {
  const { data: friends } = await serviceApi(page, friendsApi.list, { query: { limit: 100 } });
  const keys: string[] = [];
  for (const friend of friends.filter((row) => row.id !== exceptId)) {
    const { data } = await serviceApi(page, talksApi.history, { query: { friend_id: friend.id, limit: 100 } });
    for (const entry of data) if (entry.origin?.name === planName) keys.push(`${friend.id}/${entry.key}`);
  }
  return keys;
}

describe('the talk tells the whole story (demo channel bound to the LINE simulator)', () => {
  it('after a rehearsed branching scenario, the talk shows every message with its source, the tap by its label, the follow; no one else received anything', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    const name = `物語 ${suffix}`;
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/plans' });
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);
    await demoFriendsJoined(page);
    // The rehearsed plan is a copy of the welcome scenario, so the friend's own welcome run (from
    // following) and the rehearsal are told apart by their plan's name.
    const { data: found } = await serviceApi(page, plansApi.list, { query: { q: WELCOME } });
    const welcome = found.find((plan) => plan.name === WELCOME)!;
    const copied = await serviceApi(page, plansApi.copy, { params: { id: welcome.id }, body: {} });
    expect(copied.status).toBe(201);
    // Started by hand (not on following), then active: a rehearsal runs active plans only.
    const copy = planDetail.parse(copied.body);
    const planId = copy.plan.id!;
    const planName = copy.plan.name;
    const manual = { ...copy, plan: { ...copy.plan, scenario_trigger: 'manual' as const, trigger_ref_id: null } };
    const saved = await serviceApi(page, plansApi.update, { params: { id: planId }, body: toPlanSavePayload(manual) });
    expect(saved.status).toBe(200);
    expect((await serviceApi(page, plansApi.activate, { params: { id: planId }, body: {} })).status).toBe(200);
    const othersBefore = await sendsToOthers(page, planName, null);
    const friend = await followingFriend(page, name);

    await page.reload();
    await page.getByTestId(`row-rehearse-${planId}`).click();
    await page.getByTestId('rehearsal').waitFor();
    await page.getByTestId('rehearsal-friend').click();
    await page.keyboard.type(friend.display_name);
    await page.locator('.ant-select-item-option', { hasText: friend.display_name }).click();
    await page.getByTestId('rehearsal-start').click();
    const panel = page.getByTestId('phone-panel');
    await panel.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="time-warp"]')?.getAttribute('data-mode') === 'rehearsal',
    );
    // The rehearsal's 次の配信まで moves this run alone, without asking.
    await page.getByTestId('time-warp-next').click();
    await arrives(panel, CONFIRM_TEXT);
    await channelSide(panel).filter({ hasText: CONFIRM_TEXT }).last().getByRole('button', { name: 'はい' }).click();
    await arrives(panel, YES_TEXT);
    // The phone shows the tap as LINE does: never its data.
    expect(await panel.textContent()).not.toContain('linq:a:');

    const friendId = await friendIdOf(page, name);
    await page.goto(`/service/talks/${friendId}`);
    const talk = page.getByTestId('talk-messages');
    const row = (text: string) =>
      talk.locator('[data-testid^="talk-message-"][data-direction="outgoing"]', { hasText: text }).first();
    await row(YES_TEXT).waitFor({ timeout: 20_000 });

    // Each message the scenario sent names the plan and the box by its first words.
    const source = `シナリオ: ${planName} · 『`;
    expect(await row(WELCOME_TEXT).getByTestId('talk-sender').textContent()).toContain(source);
    expect(await row(CONFIRM_TEXT).getByTestId('talk-sender').textContent()).toBe(
      `シナリオ: ${planName} · 『${CONFIRM_TEXT}』`,
    );
    expect(await row(YES_TEXT).getByTestId('talk-sender').textContent()).toContain(
      `シナリオ: ${planName} · 『${YES_TEXT}`,
    );
    for (const text of [WELCOME_TEXT, CONFIRM_TEXT, YES_TEXT]) {
      expect(await row(text).getByTestId('talk-delivery').getAttribute('data-status')).toBe('sent');
    }
    // The tap by its label and the box it was on; the follow as a note.
    expect(await talk.getByTestId('talk-postback').textContent()).toBe(`「はい」を選択 (確認: ${CONFIRM_TEXT})`);
    expect(await talk.locator('[data-event="follow"]').count()).toBe(1);
    // In order, oldest at the top (the list is column-reversed: the DOM has the newest first).
    const texts = await talk.locator('[data-testid^="talk-message-"]').allTextContents();
    const at = (part: string) => texts.findIndex((text) => text.includes(part) && !text.includes('を選択'));
    const tapAt = texts.findIndex((text) => text.includes('「はい」を選択'));
    expect(at(YES_TEXT)).toBeLessThan(tapAt);
    expect(tapAt).toBeLessThan(at(CONFIRM_TEXT));
    expect(at(CONFIRM_TEXT)).toBeLessThan(at(WELCOME_TEXT));
    expect(await talk.textContent()).not.toContain('linq:a:');

    // Nobody else of the channel received anything from the plan meanwhile.
    const othersAfter = await sendsToOthers(page, planName, friendId);
    expect(othersAfter.filter((key) => !othersBefore.includes(key))).toEqual([]);
  }, 180_000);
});
