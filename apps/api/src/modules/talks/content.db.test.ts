/**
 * The picture a friend sent, for the talk screen (issue 23 §6): served from the copy the webhook
 * processing fetched from LINE's content API, fetched again from LINE when that copy is missing, and
 * the simulator answering LINE's content API as LINE does.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makePng, type SimChannel } from '@linq/line-simulator';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { messages } from './schema.ts';

const t = useTestApp({ simulator: true, tenants: 2 });
let laid: number;
let channel: SimChannel;
let token: string;
let otherLaid: number;

beforeAll(async () => {
  const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  ({ channel, token } = bound);
  laid = bound.row.id;
  const other = await t.factory.simulatedChannel(t.other.account.id, t.sim, consoleUrl);
  otherLaid = other.row.id;
  await t.db.insert(userLineAccounts).values([
    { userId: t.tenant.staff.id, lineAccountId: laid },
    { userId: t.tenant.viewer.id, lineAccountId: laid },
    { userId: t.other.staff.id, lineAccountId: otherLaid },
  ]);
});

/** The friend's newest incoming message of `type`, once the console stored it. */
async function stored(friendId: number, type: string) {
  return waitFor(async () => {
    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.friendId, friendId), eq(messages.type, type)));
    return row;
  });
}

const getContent = (messageId: number, as = t.tenant.tokens.staff, lineAccountId = laid) =>
  t.app.inject({
    method: 'GET',
    url: `/api/service/messages/${messageId}/content`,
    headers: { authorization: `Bearer ${as}`, lineaccountid: String(lineAccountId) },
  });

describe("LINE's content API on the simulator", () => {
  it('serves the bytes a friend sent with their type, only with the channel access token', async () => {
    const { friend, row } = await t.factory.followingFriend(channel, laid, '画像 送る');
    const png = makePng(30, 20, [10, 120, 200]);
    await friend.sendImage(png);
    const message = await stored(row.id, 'image');
    const url = `${t.sim.url}/v2/bot/message/${message.lineMessageId}/content`;
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(url)).status).toBe(401);
    const unknown = await fetch(`${t.sim.url}/v2/bot/message/999999/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /service/messages/:id/content', () => {
  it("answers the picture a friend sent, as the channel's staff and viewers see it in the talk", async () => {
    const { friend, row } = await t.factory.followingFriend(channel, laid, '写真 花子');
    const png = makePng(48, 32, [255, 0, 0]);
    await friend.sendImage(png);
    const message = await stored(row.id, 'image');
    for (const as of [t.tenant.tokens.staff, t.tenant.tokens.viewer]) {
      const answer = await getContent(message.id, as);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.rawPayload.equals(png)).toBe(true);
      // The friend's bytes never run as a page.
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(String(answer.headers['content-security-policy'])).toContain('sandbox');
    }
  });

  it("fetches the picture from LINE's content API again when the kept copy is missing, and keeps it", async () => {
    const { friend, row } = await t.factory.followingFriend(channel, laid, '消えた 写真');
    const png = makePng(16, 16, [0, 200, 0]);
    await friend.sendImage(png);
    const message = await stored(row.id, 'image');
    const key = (message.content as { file: { file_key: string } }).file.file_key;
    await rm(path.join(t.ctx.config.filesDir, key));
    expect(await t.ctx.files.get(key)).toBeNull();
    const answer = await getContent(message.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(png)).toBe(true);
    expect((await t.ctx.files.get(key))?.equals(png)).toBe(true);
  });

  it('answers 404 for a message that is no picture, and for another channel or tenant', async () => {
    const { friend, row } = await t.factory.followingFriend(channel, laid, '文字 だけ');
    await friend.sendText('こんにちは');
    await friend.sendImage();
    const text = await stored(row.id, 'text');
    const image = await stored(row.id, 'image');
    expect((await getContent(text.id)).statusCode).toBe(404);
    expect((await getContent(999_999_999)).statusCode).toBe(404);
    // Another tenant's staff, in their own channel, does not reach this channel's message.
    expect((await getContent(image.id, t.other.tokens.staff, otherLaid)).statusCode).toBe(404);
    // Nor in this channel, which is not theirs.
    expect((await getContent(image.id, t.other.tokens.staff, laid)).statusCode).toBe(403);
  });
});
