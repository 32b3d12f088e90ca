import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tenant } from '../../test/factory.ts';
import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';
import { lineAccounts } from '../line-accounts/schema.ts';

/** Each tenant's first channel gets a channel secret (the factory's channels have none). */
const secretOf = new Map<number, string>();
const channelOf = (tenant: Tenant) => tenant.channels[0]!;

const body = JSON.stringify({
  destination: 'Uprobe',
  events: [
    {
      type: 'follow',
      mode: 'active',
      timestamp: 1_700_000_000_000,
      webhookEventId: 'isolation-probe',
      deliveryContext: { isRedelivery: false },
      source: { type: 'user', userId: `U${'0'.repeat(32)}` },
      replyToken: 'probe',
    },
  ],
});
const signed = (secret: string) => ({
  'content-type': 'application/json',
  'x-line-signature': createHmac('sha256', secret).update(body).digest('base64'),
});

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const secret = randomBytes(16).toString('hex');
      secretOf.set(channelOf(tenant).id, secret);
      await t.runtime.ctx.database.db
        .update(lineAccounts)
        .set({ channelSecretSealed: t.runtime.ctx.secrets.seal(secret) })
        .where(eq(lineAccounts.id, channelOf(tenant).id));
    }
  },
  routes: () => ({
    // LINE's callback: the URL's key names the channel, and only that channel's secret signs for it.
    // A's secret (from A's session or none) on B's URL stores nothing in B; a key that names no channel is a 404.
    'POST /webhooks/line/:webhookKey': probes((a, b) => {
      const aSigned = signed(secretOf.get(channelOf(a).id)!);
      const bUrl = `/webhooks/line/${channelOf(b).webhookKey}`;
      // B's endpoint saw a forged request: that fact, and what abnormal detection keeps of it, is all it records.
      const recorded = {
        events: ['webhook.signature_failed'],
        tables: ['outbox_receipts', 'metric_buckets', 'incidents', 'incident_events', 'mail_outbox'],
      };
      return [
        { path: bUrl, outsideApi: true, headers: aSigned, body, answers: [401], recorded },
        { path: bUrl, outsideApi: true, headers: aSigned, body, token: a.tokens.staff, answers: [401], recorded },
        {
          path: `/webhooks/line/${'0'.repeat(32)}`,
          outsideApi: true,
          headers: aSigned,
          body,
          answers: NOT_FOUND,
        },
      ];
    }),
  }),
};
