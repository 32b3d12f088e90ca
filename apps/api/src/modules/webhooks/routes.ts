import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { startChannelCache } from './channel-cache.ts';
import { createGroupCommit } from './group-commit.ts';
import { ingestWebhook } from './service.ts';

/** Outside /api: the URL pasted into the LINE Developers console. */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  // This app's writer of webhook events: what waits is written when the app closes.
  const groupCommit = createGroupCommit(ctx, {
    windowMs: ctx.config.WEBHOOK_GROUP_COMMIT_MS,
    maxEvents: ctx.config.WEBHOOK_GROUP_COMMIT_MAX_EVENTS,
  });
  app.addHook('onClose', () => groupCommit.close());
  const channels = await startChannelCache(ctx);
  app.addHook('onClose', () => channels.stop());
  await app.register(async (scoped) => {
    // The signature covers the exact bytes, so the body stays a Buffer here (the depth is checked after the signature).
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scoped.post<{ Params: { webhookKey: string }; Body: Buffer }>(
      '/webhooks/line/:webhookKey',
      { schema: { hide: true }, bodyLimit: 5 * 1024 * 1024 },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-line-signature'];
        await ingestWebhook(
          ctx,
          { channels, groupCommit },
          request.params.webhookKey,
          rawBody,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return reply.status(200).send({});
      },
    );
  });
}
