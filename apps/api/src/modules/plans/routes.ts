import type { FastifyInstance } from 'fastify';
import { parsePlanFormData, plansApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireChannel, route } from '../../platform/http.ts';
import { activate, deactivate } from './activation.ts';
import { copy } from './copy.ts';
import { forecast } from './forecast.ts';
import { history } from './history.ts';
import { get, list } from './read.ts';
import { remove } from './remove.ts';
import { save } from './save.ts';
import { settings, triggers, updateSettings } from './settings.ts';

/** A plan with 300 boxes of carousels is several hundred kilobytes of form data. */
const PLAN_SAVE_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Plan saves come as multipart/form-data in the plan save format (spec section 7): read into the
 * save payload here, so a malformed one is the same keyed 422 as any other save error. A JSON body
 * in the payload's shape is taken as well (scripts, tests).
 */
function planFormScope(app: FastifyInstance, register: (scoped: FastifyInstance) => void) {
  void app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: PLAN_SAVE_BODY_LIMIT },
      async (request: { headers: Record<string, string | string[] | undefined> }, body: Buffer) => {
        const contentType = String(request.headers['content-type'] ?? '');
        let form: FormData;
        try {
          form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
        } catch {
          throw new AppError('bad_request', 'フォームデータを読み取れませんでした。');
        }
        const parsed = parsePlanFormData(form.entries());
        if (!parsed.success) {
          const [first] = Object.values(parsed.errors);
          throw new AppError('validation', first?.description ?? '入力内容が正しくありません', parsed.errors);
        }
        return parsed.data;
      },
    );
    register(scoped);
  });
}

export function planRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, plansApi.list, async ({ channel, query }) => list(ctx, requireChannel(channel), query));
  route(app, ctx, plansApi.get, async ({ channel, params }) => get(ctx, requireChannel(channel), params.id));
  planFormScope(app, (scoped) => {
    route(scoped, ctx, plansApi.create, async ({ channel, body }) => save(ctx, requireChannel(channel), null, body));
    route(scoped, ctx, plansApi.update, async ({ channel, params, body }) =>
      save(ctx, requireChannel(channel), params.id, body),
    );
  });
  route(app, ctx, plansApi.remove, async ({ channel, params, query }) => ({
    data: await remove(ctx, requireChannel(channel), params.id, query.end_waiting),
  }));
  route(app, ctx, plansApi.copy, async ({ channel, params, body }) =>
    copy(ctx, requireChannel(channel), params.id, body),
  );
  route(app, ctx, plansApi.activate, async ({ channel, params, body }) => ({
    data: await activate(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, plansApi.deactivate, async ({ channel, params }) => ({
    data: await deactivate(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, plansApi.history, async ({ channel, params, query }) =>
    history(ctx, requireChannel(channel), params.id, query),
  );
  route(app, ctx, plansApi.settings, async ({ channel }) => ({
    data: await settings(ctx, requireChannel(channel)),
  }));
  route(app, ctx, plansApi.triggers, async ({ channel }) => {
    requireChannel(channel);
    return { data: triggers(ctx) };
  });
  route(app, ctx, plansApi.updateSettings, async ({ channel, body }) => ({
    data: await updateSettings(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, plansApi.forecast, async ({ channel, params }) => ({
    data: await forecast(ctx, requireChannel(channel), params.id),
  }));
}
