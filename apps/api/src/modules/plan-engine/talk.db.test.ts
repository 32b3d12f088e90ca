import { beforeAll, describe, expect, it } from 'vitest';
import type { SimChannel } from '@linq/line-simulator';
import { defaultPlan, firstBox, type PlanDetail, type TalkHistory, type TalkMessage } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { boxOf, branchingScenario, filledMessage, simplePlan, type Caller } from '../plans/test-support.ts';
import { runDueSends } from './scheduler.ts';
import { activePlan, engineChannel, listening, optionData, receivedCount } from './test-support.ts';

/*
 * The talk is the whole story of a friend (issue 23 §1, §2): what a scenario, an auto-reply and a
 * broadcast sent, what staff sent by hand, the friend's messages, taps and follow, in order, each
 * outgoing entry with its source; paged across the sources without a duplicate or a gap.
 */

const t = useTestApp({ simulator: true });
let consoleUrl: string;
let channel: SimChannel;
let as: Caller;

beforeAll(async () => {
  consoleUrl = await listening(t);
  ({ channel, as } = await engineChannel(t, consoleUrl));
});

async function page(caller: Caller, friendId: number, query: Record<string, string | number> = {}) {
  return t.request({ method: 'GET', path: '/service/messages', query: { friend_id: friendId, ...query }, ...caller });
}
async function talkOf(friendId: number, query: Record<string, string | number> = {}): Promise<TalkHistory> {
  const response = await page(as, friendId, query);
  expect(response.status).toBe(200);
  return response.json as unknown as TalkHistory;
}

/** An entry as the console reads it: who or what sent it, and what it says. */
function read(entry: TalkMessage): string {
  const content = entry.content as {
    text?: string;
    label?: string;
    altText?: string;
    origin?: { kind: string; text: string | null };
  };
  if (entry.type === 'follow') return 'follow';
  if (entry.type === 'postback') return `tap ${content.label} (${content.origin?.kind}: ${content.origin?.text})`;
  const what = content.text ?? content.altText ?? entry.type;
  if (entry.direction === 'incoming') return `friend: ${what}`;
  const by = entry.origin
    ? `${entry.origin.kind} ${entry.origin.name} [${entry.origin.box ?? '-'}]`
    : `staff ${entry.sent_by?.name}`;
  return `${by}: ${what} (${entry.delivery_status})`;
}

describe('the talk: every source, in order', () => {
  it('shows scenario, tap, manual, auto-reply and broadcast entries with their sources; pages stably; another channel finds nothing', async () => {
    const scenario = await activePlan(t, as, {
      ...branchingScenario('ウェルカム'),
      plan: { ...branchingScenario('ウェルカム').plan, scenario_trigger: 'friend_added' },
    });
    const autoReply: PlanDetail = {
      plan: {
        ...defaultPlan('auto_reply'),
        name: '営業時間',
        auto_keywords: ['営業時間'],
        auto_keyword_match: 'partial',
      },
      plan_actions: [{ ...firstBox('text_message'), message: filledMessage('text_message', '10時から19時までです') }],
      plan_timings: [],
    };
    await activePlan(t, as, autoReply);

    const friend = channel.createFriend({ displayName: '物語 さん' });
    await friend.follow();
    await receivedCount(t, friend, 1);
    const friendId = await waitFor(async () => {
      const rows = await t.request({ method: 'GET', path: '/service/friends', query: { name: '物語' }, ...as });
      return (rows.json as { data?: { id: number }[] }).data?.[0]?.id;
    });
    // The first option leads on to a text and, at once, a sticker: one delivery of two messages.
    await friend.postback(optionData(scenario, 'box-0', 0));
    await receivedCount(t, friend, 3);
    const manual = await t.request({
      method: 'POST',
      path: '/service/messages',
      body: { friend_id: friendId, message: { type: 'text', text: '担当の花子です' } },
      ...as,
    });
    expect(manual.status).toBe(201);
    await receivedCount(t, friend, 4);
    await friend.sendText('営業時間を教えて');
    await receivedCount(t, friend, 5);
    await activePlan(t, as, simplePlan('broadcast', '12月のお知らせ'));
    await receivedCount(t, friend, 6);
    // The broadcast's delivery is sent by its job: wait until the talk says so.
    const whole = await waitFor(async () => {
      await runDueSends(t.ctx);
      const talk = await talkOf(friendId, { limit: 100 });
      return talk.data.every((entry) => entry.delivery_status !== 'queued') ? talk : undefined;
    });

    const yes = boxOf(scenario, 'box-0').message.message_confirm!.message_actions[0]!.label;
    const staffName = whole.data.find((entry) => entry.sent_by)?.sent_by?.name;
    expect([...whole.data].reverse().map(read)).toEqual([
      'follow',
      'scenario ウェルカム [ご来店されますか？]: ご来店されますか？ (sent)',
      `tap ${yes} (confirm: ご来店されますか？)`,
      'scenario ウェルカム [ご登録ありがとうございます]: ご登録ありがとうございます (sent)',
      'scenario ウェルカム [-]: sticker (sent)',
      `staff ${staffName}: 担当の花子です (sent)`,
      'friend: 営業時間を教えて',
      'auto_reply 営業時間 [10時から19時までです]: 10時から19時までです (sent)',
      'broadcast 12月のお知らせ [お知らせです]: お知らせです (sent)',
    ]);
    expect(staffName).toBeTruthy();
    expect(whole.has_more).toBe(false);
    expect(whole.next_before).toBeNull();

    // Paged two by two across the sources: the same entries, none twice, none missing.
    const keys: string[] = [];
    let before: string | null = null;
    do {
      const next: TalkHistory = await talkOf(friendId, { limit: 2, ...(before === null ? {} : { before }) });
      keys.push(...next.data.map((entry) => entry.key));
      before = next.next_before;
      expect(next.has_more).toBe(before !== null);
    } while (before !== null);
    expect(keys).toEqual(whole.data.map((entry) => entry.key));

    // Another channel's staff finds nothing of this friend.
    const other = await engineChannel(t, consoleUrl);
    expect((await page(other.as, friendId)).status).toBe(404);
  });
});
