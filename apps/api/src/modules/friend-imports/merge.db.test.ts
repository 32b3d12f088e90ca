import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { takeoversApi as api } from '@linq/contract';
import type { SimChannel } from '@linq/line-simulator';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { friends } from '../friends/schema.ts';
import { friendTags, tags } from '../labels/schema.ts';
import { csvBytes, uploadCsv } from './test-support.ts';

/*
 * A friend the import created before LINE told us about them ("imported, waiting") is the same friend
 * once they follow: one row, the imported tags kept, LINE's profile taken, no longer waiting.
 */

// The whole app: the worker runs the import and processes the webhook, as in production.
const t = useTestApp({ simulator: true });
let channel: SimChannel;
let lineAccountId: number;
const owner = () => ({ token: t.tenant.tokens.owner });

beforeAll(async () => {
  const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  channel = bound.channel;
  lineAccountId = bound.row.id;
});

const friendRows = (lineUserId: string) =>
  t.db
    .select()
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, lineUserId)));

describe('an imported friend who then follows', () => {
  it('merges on their first webhook (a follow, a message): one friend, tags kept, LINE’s profile, no longer waiting', async () => {
    const virtual = channel.createFriend({ displayName: 'LINEの太郎' });
    // Already a follower at LINE (as in the other tool): their first message is how they appear.
    const talker = channel.createFriend({ displayName: '花子', following: true });
    const upload = await uploadCsv(
      t,
      t.tenant.tokens.owner,
      lineAccountId,
      csvBytes(
        [
          ['LINEユーザーID', '表示名', 'タグ'],
          [virtual.userId, '前のツールの太郎', '見込み客'],
          [talker.userId, '花子', ''],
        ],
        'utf-8',
      ),
    );
    const mapping = { ...upload.suggested, line_user_id: 'LINEユーザーID', tags_column: 'タグ' };
    expect((await t.call(api.run, { params: { id: upload.import.id }, body: mapping }, owner())).status).toBe(202);
    const imported = await waitFor(async () => {
      const row = (await t.call(api.get, { params: { id: upload.import.id } }, owner())).output.data.import;
      return row.status === 'completed' ? row : undefined;
    });
    expect(imported).toMatchObject({ created: 2, waiting: 2 });
    const [before] = await friendRows(virtual.userId);
    expect(before).toMatchObject({ displayName: '前のツールの太郎' });

    expect((await virtual.follow()).statusCode).toBe(200);
    const merged = await waitFor(async () => {
      const rows = await friendRows(virtual.userId);
      return rows[0]?.displayName === 'LINEの太郎' ? rows : undefined;
    });
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ id: before!.id, status: 'following' });
    const tagNames = await t.db
      .select({ name: tags.name })
      .from(friendTags)
      .innerJoin(tags, eq(tags.id, friendTags.tagId))
      .where(eq(friendTags.friendId, before!.id));
    expect(tagNames).toEqual([{ name: '見込み客' }]);
    const waiting = async () =>
      (await t.call(api.get, { params: { id: upload.import.id } }, owner())).output.data.import.waiting;
    await waitFor(async () => (await waiting()) === 1);

    expect((await talker.sendText('こんにちは')).statusCode).toBe(200);
    await waitFor(async () => (await waiting()) === 0);
    expect(await friendRows(talker.userId)).toHaveLength(1);
  });
});
