import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_UPLOAD_FIELD, IMPORT_UPLOAD_MAX_BYTES, takeoversApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { ANSWERED, principalAs, route } from '../../platform/http.ts';
import { accountScope, type Principal } from '../../platform/principal.ts';
import * as imports from './service.ts';

export const NO_FILE_MESSAGE = 'CSVファイルを選んでください';
export const TOO_LARGE_MESSAGE = `CSVファイルは${IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024}MBまでです`;

export function friendImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null) => accountScope(principalAs(principal, 'account').accountId);

  route(app, ctx, api.list, async ({ principal, query }) => ({
    data: await imports.list(ctx, scopeOf(principal), query.line_account_id),
  }));
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await imports.get(ctx, scopeOf(principal), params.id),
  }));
  route(app, ctx, api.dryRun, async ({ principal, params, body }) => ({
    data: await imports.dryRun(ctx, scopeOf(principal), params.id, body),
  }));
  route(app, ctx, api.run, async ({ principal, params, body }) => ({
    data: await imports.run(ctx, scopeOf(principal), params.id, body),
  }));
  route(app, ctx, api.undo, async ({ principal, params }) => ({
    data: await imports.undo(ctx, scopeOf(principal), params.id),
  }));
  route(app, ctx, api.report, async ({ principal, params, reply }) => {
    const { filename, body } = await imports.report(ctx, scopeOf(principal), params.id);
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
    return ANSWERED;
  });
  // The CSV streams from the request to storage: a file of a million friends is never held in memory.
  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { files: 1, fileSize: IMPORT_UPLOAD_MAX_BYTES } });
    scoped.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    route(scoped, ctx, api.upload, async ({ principal, query, request }) => {
      const scope = scopeOf(principal);
      const channel = await imports.channelOfAccount(ctx.database.db, scope, query.line_account_id);
      if (!request.isMultipart()) throw fieldError('file', NO_FILE_MESSAGE);
      const part = await request.file();
      if (!part || part.fieldname !== IMAGE_UPLOAD_FIELD) {
        part?.file.resume();
        throw fieldError('file', NO_FILE_MESSAGE);
      }
      const uploaded = await imports.upload(ctx, scope, channel, { name: part.filename, stream: part.file });
      if (part.file.truncated) throw fieldError('file', TOO_LARGE_MESSAGE);
      return { data: uploaded };
    });
  });
}
