import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makePng, startLineSimulator, type LineSimulator, type SimChannel } from '@linq/line-simulator';
import {
  HTTPS_URL_MESSAGE,
  IMAGE_DIMENSIONS_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_MAX_BYTES,
  permissionsWith,
  type UploadedImage,
} from '@linq/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { waitFor } from '../../test/wait.ts';
import { hasSaneDimensions, readImageHeader } from './image-header.ts';
import { imageUrlProblem } from './service.ts';

let sim: LineSimulator;
let t: TestApp;
let tenant: Tenant;
let other: Tenant;
let channel: SimChannel;
/** A's simulated channel (the demo kind) and A's first, real channel. */
let simulatedId: number;
let realId: number;
let consoleUrl: string;
let noSendToken: string;

beforeAll(async () => {
  sim = await startLineSimulator();
  t = await startTestApp({}, { simulator: sim });
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await t.factory.tenant();
  other = await t.factory.tenant();
  const bound = await t.factory.simulatedChannel(tenant.account.id, sim, consoleUrl);
  channel = bound.channel;
  simulatedId = bound.row.id;
  realId = tenant.channels[0]!.id;
  await t.runtime.ctx.database.db.insert(userLineAccounts).values([
    { userId: tenant.staff.id, lineAccountId: simulatedId },
    { userId: tenant.viewer.id, lineAccountId: simulatedId },
  ]);
  const authority = await t.factory.staffAuthority(tenant.account.id, permissionsWith('edit', false));
  const noSend = await t.factory.user('service', {
    accountId: tenant.account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [simulatedId],
  });
  noSendToken = await t.factory.login('service', noSend.email);
});
afterAll(async () => {
  await t?.stop();
  await sim?.stop();
});

/** A minimal baseline JPEG header: SOI, a JFIF APP0 segment, then SOF0 with the size. */
function jpegOf(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof.set([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 9);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(bytes: Buffer, { field = 'file', filename = 'photo.png', type = 'image/png' } = {}) {
  const boundary = `----linq${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  body: { payload: Buffer; contentType: string },
  { token = tenant.tokens.staff, lineAccountId = simulatedId }: { token?: string | null; lineAccountId?: number } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/service/files/images',
    headers: {
      'content-type': body.contentType,
      lineaccountid: String(lineAccountId),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body.payload,
  });
  return { status: response.statusCode, json: response.json<{ data?: UploadedImage; errors?: unknown }>() };
}
const fetchPublic = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('image header', () => {
  it('reads the size of a PNG and a JPEG from their headers, and nothing from other bytes', () => {
    expect(readImageHeader(makePng(3, 2))).toEqual({ type: 'png', width: 3, height: 2 });
    expect(readImageHeader(jpegOf(640, 480))).toEqual({ type: 'jpeg', width: 640, height: 480 });
    expect(readImageHeader(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(readImageHeader(makePng(3, 2).subarray(0, 20))).toBeNull();
    expect(hasSaneDimensions({ type: 'png', width: 10_000, height: 1 })).toBe(true);
    expect(hasSaneDimensions({ type: 'png', width: 10_001, height: 1 })).toBe(false);
    expect(hasSaneDimensions({ type: 'jpeg', width: 0, height: 10 })).toBe(false);
  });
});

describe('POST /service/files/images', () => {
  it('stores a PNG and a JPEG under unguessable names and serves the same bytes with their content type', async () => {
    const origin = new URL(consoleUrl).port;
    for (const [bytes, type, ext] of [
      [makePng(40, 30), 'image/png', 'png'],
      [jpegOf(800, 600), 'image/jpeg', 'jpg'],
    ] as const) {
      const response = await upload(multipart(bytes, { type, filename: `x.${ext}` }));
      expect(response.status, JSON.stringify(response.json)).toBe(201);
      const { originalContentUrl, previewImageUrl } = response.json.data!;
      expect(originalContentUrl).toMatch(new RegExp(`^http://localhost:${origin}/files/[0-9a-f]{48}\\.${ext}$`));
      expect(previewImageUrl).toBe(originalContentUrl);
      const served = await fetchPublic(originalContentUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('decides the type from the bytes: other files, a PNG declared as anything, and bad sizes are 422', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const cases: [Buffer, string, string][] = [
      [gif, 'image/png', IMAGE_TYPE_MESSAGE],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png', IMAGE_TYPE_MESSAGE],
      [Buffer.alloc(0), 'image/png', IMAGE_TYPE_MESSAGE],
      [makePng(20_000, 10), 'image/png', IMAGE_DIMENSIONS_MESSAGE],
      [makePng(5, 5).subarray(0, 16), 'image/png', IMAGE_DIMENSIONS_MESSAGE],
      [jpegOf(0, 100), 'image/jpeg', IMAGE_DIMENSIONS_MESSAGE],
      [Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'image/jpeg', IMAGE_DIMENSIONS_MESSAGE],
    ];
    for (const [bytes, type, message] of cases) {
      const response = await upload(multipart(bytes, { type }));
      expect(response.status, message).toBe(422);
      expect(response.json.errors).toEqual({ file: { description: message } });
    }
    // A real PNG is accepted whatever the browser declared.
    expect((await upload(multipart(makePng(2, 2), { type: 'application/octet-stream' }))).status).toBe(201);
    // Not multipart, or no file field: the same answer in Japanese, not a bare 415/406.
    const raw = await upload({ payload: makePng(2, 2), contentType: 'image/png' });
    expect(raw).toMatchObject({ status: 422, json: { errors: { file: { description: IMAGE_TYPE_MESSAGE } } } });
    const wrongField = await upload(multipart(makePng(2, 2), { field: 'picture' }));
    expect(wrongField.status).toBe(422);
  });

  it('refuses a file over 10 MB with 413 and a Japanese message', async () => {
    const png = makePng(10, 10);
    const big = Buffer.concat([png, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1 - png.length)]);
    const response = await upload(multipart(big));
    expect(response.status).toBe(413);
    expect(response.json.errors).toBe(IMAGE_TOO_LARGE_MESSAGE);
    // Exactly 10 MB is allowed.
    const limit = Buffer.concat([png, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES - png.length)]);
    expect((await upload(multipart(limit))).status).toBe(201);
  });

  it('needs a session in a channel of the caller, talks edit and the send_messages capability', async () => {
    const body = () => multipart(makePng(2, 2));
    expect((await upload(body(), { token: null })).status).toBe(401);
    // Another tenant's staff naming A's channel, and A's staff naming B's channel.
    expect((await upload(body(), { token: other.tokens.staff })).status).toBe(403);
    expect((await upload(body(), { lineAccountId: other.channels[0]!.id })).status).toBe(403);
    expect((await upload(body(), { token: tenant.tokens.viewer })).status).toBe(403);
    expect((await upload(body(), { token: noSendToken })).status).toBe(403);
    expect((await upload(body(), { lineAccountId: realId })).status).toBe(201);
  });
});

describe('GET /files/:name', () => {
  it('serves only names it handed out: unknown, malformed and traversing names are 404', async () => {
    const { data } = (await upload(multipart(makePng(2, 2)))).json;
    const name = new URL(data!.originalContentUrl).pathname.split('/').pop()!;
    for (const path of [
      `/files/${name.replace(/^./, name[0] === 'a' ? 'b' : 'a')}`,
      `/files/${name.toUpperCase()}`,
      '/files/..%2F..%2Fpublic%2Fimages%2Fx.png',
      `/files/${name.replace('.png', '.jpg')}`,
      '/files/line-accounts',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('the https rule of image messages', () => {
  const origin = 'http://localhost:3000';
  it('accepts https everywhere, and the console’s own http origin only for simulated channels', () => {
    expect(imageUrlProblem('https://cdn.example/a.png', { simulated: false, consoleOrigin: origin })).toBeNull();
    expect(imageUrlProblem(`${origin}/files/a.png`, { simulated: true, consoleOrigin: origin })).toBeNull();
    expect(imageUrlProblem(`${origin}/files/a.png`, { simulated: false, consoleOrigin: origin })).toBe(
      HTTPS_URL_MESSAGE,
    );
    expect(imageUrlProblem('http://evil.example/a.png', { simulated: true, consoleOrigin: origin })).toBe(
      HTTPS_URL_MESSAGE,
    );
    expect(imageUrlProblem('http://localhost:3001/a.png', { simulated: true, consoleOrigin: origin })).toBe(
      HTTPS_URL_MESSAGE,
    );
    expect(imageUrlProblem('not a url', { simulated: true, consoleOrigin: origin })).toBe(HTTPS_URL_MESSAGE);
  });

  it('an uploaded image is sent to a simulated friend; the same http URL to a real channel is 422', async () => {
    const friend = channel.createFriend({ displayName: '画像 太郎' });
    await friend.follow();
    const db = t.runtime.ctx.database.db;
    const row = await waitFor(async () => {
      const [r] = await db
        .select()
        .from(friends)
        .where(and(eq(friends.lineAccountId, simulatedId), eq(friends.lineUserId, friend.userId)));
      return r;
    });
    const image = (await upload(multipart(makePng(12, 8)))).json.data!;
    const send = (lineAccountId: number, friendId: number) =>
      t.request({
        method: 'POST',
        path: '/service/messages',
        token: tenant.tokens.staff,
        lineAccountId,
        body: { friend_id: friendId, message: { type: 'image', ...image } },
      });
    const sent = await send(simulatedId, row.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await waitFor(() => friend.inbox().length === 1);
    expect(friend.inbox()[0]!.message).toEqual({ type: 'image', ...image });

    const [realFriend] = await db
      .insert(friends)
      .values({ lineAccountId: realId, lineUserId: 'Ureal-image', displayName: 'real' })
      .returning();
    const refused = await send(realId, realFriend!.id);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ 'message.originalContentUrl': { description: HTTPS_URL_MESSAGE } });
  });
});
