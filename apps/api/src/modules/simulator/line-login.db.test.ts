import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimChannel } from '@linq/line-simulator';
import { lineLoginClient } from '../../platform/line-login.ts';
import { channelScope } from '../../platform/principal.ts';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { friends } from '../friends/schema.ts';
import { loginChannelOf } from '../line-accounts/service.ts';

/*
 * The whole LINE Login path with no LINE account: the console's client sends the visitor to the
 * simulator's consent page, the tester creates a user who adds the channel, the follow webhook makes
 * them a friend in the console, and the login identifies that very friend.
 */

const t = useTestApp({ simulator: true, tenants: 0 });
let consoleUrl: string;
let lineAccountId: number;
let channel: SimChannel;

beforeAll(async () => {
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const account = await t.factory.account();
  const bound = await t.factory.simulatedChannel(account.id, t.sim, consoleUrl);
  channel = bound.channel;
  lineAccountId = bound.row.id;
});

const friendRow = async (lineUserId: string) =>
  (
    await t.db
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, lineUserId)))
  )[0];

describe('LINE Login through the simulator', () => {
  it('a new user who adds the channel becomes a friend in the console, and the login names them', async () => {
    const login = await loginChannelOf(t.ctx, channelScope(lineAccountId));
    expect(login).toMatchObject({ channelId: channel.login.channelId, simulated: true });
    const client = lineLoginClient(t.ctx.lineEndpoints(true));
    const redirectUri = `${consoleUrl}/inflow/callback`;
    const authorize = new URL(
      client.loginAuthorizeUrl({
        channelId: login!.channelId,
        redirectUri,
        state: 'visit-1',
        nonce: 'nonce-1',
        botPrompt: 'aggressive',
      }),
    );
    expect(authorize.origin).toBe(t.sim.url);

    // The consent page, then its form as the tester fills it in.
    const page = await fetch(authorize);
    expect(await page.text()).toContain('を友だち追加する');
    const form = new URLSearchParams(authorize.searchParams);
    form.set('displayName', '<b>流入</b> 太郎');
    form.set('addFriend', 'true');
    form.set('action', 'allow');
    const answer = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    const callback = new URL(answer.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe('visit-1');
    expect(callback.searchParams.get('friendship_status_changed')).toBe('true');

    const tokens = await client.exchangeLoginCode({
      channelId: login!.channelId,
      channelSecret: login!.channelSecret,
      code: callback.searchParams.get('code')!,
      redirectUri,
    });
    const identity = await client.verifyLoginIdToken({
      channelId: login!.channelId,
      idToken: tokens.idToken,
      nonce: 'nonce-1',
    });
    expect(identity.name).toBe('<b>流入</b> 太郎');
    expect(await client.loginFriendship(tokens.accessToken)).toEqual({ friendFlag: true });

    // The follow webhook made the same LINE user a friend of the channel.
    const friend = await waitFor(() => friendRow(identity.userId));
    expect(friend).toMatchObject({ status: 'following', displayName: '<b>流入</b> 太郎' });
  });
});
