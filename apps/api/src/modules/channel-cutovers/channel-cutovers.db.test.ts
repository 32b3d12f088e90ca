/**
 * Clean cutover through the API against the LINE simulator: the previous tool's menus (linked to
 * some friends, and LINE's default) are unlinked by one rich-menu batch and the default cancelled;
 * the result says how many friends had one; our own default comes back once LINE has run the batch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '@linq/line-simulator';
import { channelCutoversApi as api, richMenusApi, type ChannelCutover } from '@linq/contract';
import { lineClient } from '../../platform/line.ts';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import { friendsOfChannel, menuWithImage, published } from '../rich-menus/test-support.ts';
import { NO_TOKEN_MESSAGE } from './service.ts';

const t = useTestApp({ simulator: true, tenants: 2 });
let consoleUrl: string;
const owner = (): Caller => ({ token: t.tenant.tokens.owner });

beforeAll(async () => {
  consoleUrl = await listening(t);
});

async function finished(lineAccountId: number): Promise<ChannelCutover> {
  const created = await t.call(api.create, { body: { line_account_id: lineAccountId } }, owner());
  expect(created.status).toBe(201);
  return waitFor(async () => {
    const { output } = await t.call(api.list, {}, owner());
    const row = output.data.find((item) => item.id === created.output.data.id);
    return row?.status === 'done' || row?.status === 'failed' ? row : undefined;
  });
}

describe('clean cutover', () => {
  it('unlinks the previous tool’s per-user menus and default at LINE, then our own default returns', async () => {
    const { channel, lineAccountId, as } = await engineChannel(t, consoleUrl);
    const ours = await published(t, as, (await menuWithImage(t, as, '新メニュー')).id);
    await t.call(richMenusApi.setDefault, { body: { rich_menu_id: ours.id } }, as);
    const { sims } = await friendsOfChannel(t, channel, lineAccountId, 5);
    await waitFor(() => sims.every((sim) => sim.richMenuId() === ours.line_rich_menu_id));

    // The previous tool, calling LINE with the same channel's token.
    const previous = lineClient(t.ctx.lineEndpoints(true), channel.channelAccessToken!);
    const menuBody = {
      size: { width: 2500, height: 843 },
      selected: false,
      name: '旧ツールのメニュー',
      chatBarText: 'メニュー',
      areas: [{ bounds: { x: 0, y: 0, width: 2500, height: 843 }, action: { type: 'message' as const, text: '旧' } }],
    };
    const old = await previous.createRichMenu(menuBody);
    await previous.setRichMenuImage(old, makePng(2500, 843), 'image/png');
    await previous.linkRichMenuToUsers(
      old,
      sims.slice(0, 3).map((sim) => sim.userId),
    );
    const oldDefault = await previous.createRichMenu({ ...menuBody, name: '旧ツールの既定' });
    await previous.setRichMenuImage(oldDefault, makePng(2500, 843), 'image/png');
    await previous.setDefaultRichMenu(oldDefault);
    expect(sims.map((sim) => sim.richMenuId())).toEqual([old, old, old, oldDefault, oldDefault]);

    const batches = channel.operationCount('richMenuBatch');
    const result = await finished(lineAccountId);
    expect(result).toMatchObject({ status: 'done', unlinked_friends: 3, default_cleared: true, error: null });
    expect(channel.operationCount('richMenuBatch')).toBe(batches + 1);
    for (const sim of sims) expect(await previous.richMenuIdOfUser(sim.userId)).toBeNull();
    // Our own default is linked again once LINE has run the batch.
    await waitFor(async () => ((await previous.defaultRichMenuId()) === ours.line_rich_menu_id ? true : undefined));
    await waitFor(() => sims.every((sim) => sim.richMenuId() === ours.line_rich_menu_id));
  });

  it('says so when the channel has no access token, and refuses another account’s channel', async () => {
    const plain = t.tenant.channels[0]!.id;
    expect(await finished(plain)).toMatchObject({ status: 'failed', error: NO_TOKEN_MESSAGE, unlinked_friends: null });
    const foreign = await t.send(api.create, { body: { line_account_id: t.other.channels[0]!.id } }, owner());
    expect(foreign.status).toBe(422);
    expect((await t.call(api.list, {}, { token: t.other.tokens.owner })).output.data).toEqual([]);
  });
});
