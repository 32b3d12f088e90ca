import { createHmac, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { webhookEvents } from './schema.ts';

/*
 * The API process keeps the channels its webhook requests named (no read per request), yet a changed
 * channel secret is honoured: a request signed with the new one is accepted at once, the old one is
 * refused once the change is announced, however the secret was written; a deleted channel's key is
 * unknown again.
 */

const t = useTestApp({ role: 'api' });
let url: string;

beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

async function channelWithSecret() {
  const secret = randomBytes(16).toString('hex');
  const row = await t.factory.lineAccount(t.tenant.account.id, { channelSecretSealed: t.ctx.secrets.seal(secret) });
  let sequence = 0;
  const post = (signingSecret: string) => {
    const webhookEventId = `cache-${row.id}-${sequence++}`;
    const body = JSON.stringify({
      destination: `U${'0'.repeat(32)}`,
      events: [
        {
          type: 'message',
          mode: 'active',
          timestamp: Date.now(),
          webhookEventId,
          deliveryContext: { isRedelivery: false },
          source: { type: 'user', userId: 'U0001' },
          message: { id: webhookEventId, type: 'text', text: 'こんにちは' },
        },
      ],
    });
    return fetch(`${url}/webhooks/line/${row.webhookKey}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-line-signature': createHmac('sha256', signingSecret).update(body).digest('base64'),
      },
      body,
    });
  };
  // Written as any other writer would, not through the console's service.
  const setSecret = (next: string) =>
    t.db
      .update(lineAccounts)
      .set({ channelSecretSealed: t.ctx.secrets.seal(next) })
      .where(eq(lineAccounts.id, row.id));
  return { lineAccountId: row.id, secret, post, setSecret };
}

describe('the channels kept for webhook requests', () => {
  it('accepts the new secret at once after a change, and refuses the old one', async () => {
    const channel = await channelWithSecret();
    expect((await channel.post(channel.secret)).status).toBe(200);
    const rotated = randomBytes(16).toString('hex');
    await channel.setSecret(rotated);
    expect((await channel.post(rotated)).status).toBe(200);
    expect((await channel.post(channel.secret)).status).toBe(401);
  });

  it('forgets a channel whose secret changed once the change is announced', async () => {
    const channel = await channelWithSecret();
    expect((await channel.post(channel.secret)).status).toBe(200);
    await channel.setSecret(randomBytes(16).toString('hex'));
    // Until the announcement arrives (at the commit, on another connection) the old secret may pass.
    await waitFor(async () => (await channel.post(channel.secret)).status === 401);
  });

  it('answers 404 for a deleted channel it had kept, and stores nothing', async () => {
    const channel = await channelWithSecret();
    expect((await channel.post(channel.secret)).status).toBe(200);
    await t.db.delete(lineAccounts).where(eq(lineAccounts.id, channel.lineAccountId));
    expect((await channel.post(channel.secret)).status).toBe(404);
    const stored = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.lineAccountId, channel.lineAccountId));
    expect(stored).toEqual([]);
  });
});
