import type { FastifyInstance } from 'fastify';
import { formPublicApi, formsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { ANSWERED, requireChannel, route } from '../../platform/http.ts';
import { consoleOrigin, imageUploadScope, uploadedBytes } from '../files/routes.ts';
import * as answering from './answer.ts';
import * as forms from './service.ts';

/** The channel's forms and answers, and the public /form page's calls (thin: the services decide). */
export function formRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ channel, query }) => forms.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.get, async ({ channel, params }) => ({
    data: await forms.get(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.create, async ({ channel, body }) => ({
    data: await forms.create(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.update, async ({ channel, params, body }) => ({
    data: await forms.update(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ channel, params }) => ({
    data: await forms.remove(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.copy, async ({ channel, params, body }) => ({
    data: await forms.copy(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.history, async ({ channel, params }) => ({
    data: await forms.history(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.answers, async ({ channel, params, query }) =>
    forms.answers(ctx, requireChannel(channel), params.id, query),
  );
  route(app, ctx, api.summary, async ({ channel, params, query }) => ({
    data: await forms.summary(ctx, requireChannel(channel), params.id, query),
  }));
  route(app, ctx, api.exportCsv, async ({ channel, params, query, reply }) => {
    const { filename, body } = await forms.exportCsv(ctx, requireChannel(channel), params.id, query);
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
    return ANSWERED;
  });
  route(app, ctx, api.allAnswers, async ({ channel, query }) => forms.allAnswers(ctx, requireChannel(channel), query));
  route(app, ctx, api.answer, async ({ channel, params }) => ({
    data: await forms.answer(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.ofFriend, async ({ channel, params, query }) =>
    forms.friendAnswers(ctx, requireChannel(channel), params.friend_id, query),
  );

  route(app, ctx, formPublicApi.view, async ({ query, reply }) => {
    // The page's state changes with every answer: no cache may answer it.
    reply.header('cache-control', 'no-store');
    return { data: await answering.view(ctx, query) };
  });
  route(app, ctx, formPublicApi.answer, async ({ body }) => ({
    data: await answering.submit(ctx, body, consoleOrigin(app, ctx)),
  }));
  imageUploadScope(app, (scoped) => {
    route(scoped, ctx, formPublicApi.upload, async ({ query, request }) => {
      const bytes = await uploadedBytes(scoped, request);
      return { data: await answering.upload(ctx, query, bytes, consoleOrigin(app, ctx)) };
    });
  });
}
