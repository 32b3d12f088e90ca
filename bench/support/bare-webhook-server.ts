import Fastify from 'fastify';
import { validLineSignature } from '../../apps/api/src/modules/webhooks/signature.ts';

/**
 * The anchor of the webhook benchmark: a bare Fastify server (the API's Fastify, hoisted by the
 * workspace) whose handler only checks the LINE signature of the raw body and parses it, with no
 * database. Whatever our console does beyond this is the cost the benchmark's ratio shows.
 */
export async function startBareWebhookServer(channelSecret: string) {
  const app = Fastify({ logger: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post<{ Params: { webhookKey: string }; Body: Buffer }>(
    '/webhooks/line/:webhookKey',
    { bodyLimit: 5 * 1024 * 1024 },
    async (request, reply) => {
      const signature = request.headers['x-line-signature'];
      if (!validLineSignature(request.body, channelSecret, Array.isArray(signature) ? signature[0] : signature)) {
        return reply.status(401).send({});
      }
      JSON.parse(request.body.toString('utf8'));
      return reply.status(200).send({});
    },
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/webhooks/line/bare`, fastifyVersion: app.version, stop: () => app.close() };
}
