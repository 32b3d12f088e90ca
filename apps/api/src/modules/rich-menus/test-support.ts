import { expect } from 'vitest';
import type { SimChannel, SimFriend } from '@linq/line-simulator';
import { makePng } from '@linq/line-simulator';
import { richMenusApi as api, type RichMenu, type RichMenuInput } from '@linq/contract';
import type { Caller, TestAppHandle } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';

/* What the rich-menus tests share: menus with an image, published through the job, friends on the simulator. */

function multipart(bytes: Buffer) {
  const boundary = `----linq${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function upload(t: TestAppHandle, as: Caller, menuId: number, bytes: Buffer) {
  const body = multipart(bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/service/rich_menus/${menuId}/image`,
    headers: {
      'content-type': body.contentType,
      lineaccountid: String(as.lineAccountId),
      authorization: `Bearer ${as.token}`,
    },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    json: response.json<{ data?: RichMenu; errors?: Record<string, { description: string }> }>(),
  };
}

export const menuInput = (name: string, more: Partial<RichMenuInput> = {}): RichMenuInput => ({
  name,
  chat_bar_text: 'メニュー',
  areas: [{ x: 0, y: 0, width: 1250, height: 843, action: { type: 'postback', label: '応募', score: 5 } }],
  ...more,
});

export async function menuWithImage(
  t: TestAppHandle,
  as: Caller,
  name: string,
  more: Partial<RichMenuInput> = {},
): Promise<RichMenu> {
  const { output } = await t.call(api.create, { body: menuInput(name, more) }, as);
  expect((await upload(t, as, output.data.id, makePng(2500, 843))).status).toBe(200);
  return output.data;
}

/** Publishes and waits for the worker's job to put it on LINE. */
export async function published(t: TestAppHandle, as: Caller, menuId: number): Promise<RichMenu> {
  expect((await t.call(api.publish, { params: { id: menuId }, body: {} }, as)).status).toBe(202);
  return waitFor(async () => {
    const { output } = await t.call(api.get, { params: { id: menuId } }, as);
    if (output.data.publish_state === 'failed') throw new Error(output.data.publish_error ?? 'failed');
    return output.data.publish_state === 'published' ? output.data : undefined;
  });
}

/** Virtual friends of the channel, and their rows. */
export async function friendsOfChannel(
  t: TestAppHandle,
  channel: SimChannel,
  lineAccountId: number,
  count: number,
): Promise<{ sims: SimFriend[]; ids: number[] }> {
  const sims = channel.createFriends(count, (index) => `友だち ${index}`);
  const ids: number[] = [];
  for (const sim of sims) ids.push((await t.factory.friend(lineAccountId, { lineUserId: sim.userId })).id);
  return { sims, ids };
}
