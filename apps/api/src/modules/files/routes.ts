import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { filesApi as api, IMAGE_TYPE_MESSAGE, IMAGE_UPLOAD_FIELD, IMAGE_UPLOAD_MAX_BYTES } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { requireChannel as inChannel, route } from '../../platform/http.ts';
import { serverOrigin } from '../../platform/public-origin.ts';
import * as files from './service.ts';

/** The origin LINE (or the simulator) fetches uploaded files from. */
export const consoleOrigin = (app: FastifyInstance, ctx: AppContext): string => serverOrigin(app, ctx.config);

/**
 * Registers routes that take one uploaded image, in a scope of their own with the multipart parser
 * (one file of at most 10 MB). Any other body type is a wrong file, answered in Japanese like the
 * other refusals (not a bare 415).
 */
export function imageUploadScope(app: FastifyInstance, register: (scoped: FastifyInstance) => void) {
  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { files: 1, fileSize: IMAGE_UPLOAD_MAX_BYTES } });
    scoped.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    register(scoped);
  });
}

/** The bytes of the upload's file field (routes of an `imageUploadScope`); a missing one is the wrong-file 422. */
export async function uploadedBytes(scoped: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError(files.FILE_FIELD, IMAGE_TYPE_MESSAGE);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== IMAGE_UPLOAD_FIELD) throw fieldError(files.FILE_FIELD, IMAGE_TYPE_MESSAGE);
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof scoped.multipartErrors.RequestFileTooLargeError) throw files.tooLarge();
    throw error;
  }
}

/** `POST /api/service/files/images`: multipart upload of one image for a talk. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  imageUploadScope(app, (scoped) => {
    route(scoped, ctx, api.uploadImage, async ({ channel, request }) => {
      const scope = inChannel(channel);
      const bytes = await uploadedBytes(scoped, request);
      return { data: await files.uploadImage(ctx, scope, bytes, consoleOrigin(app, ctx)) };
    });
  });
}

/** `GET /files/:name`: an uploaded file, public (LINE fetches it without a session), outside /api. */
export function publicFileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { name: string } }>('/files/:name', { schema: { hide: true } }, async (request, reply) => {
    const file = await files.readPublicFile(ctx, request.params.name);
    if (!file) return reply.status(404).send({ success: false, errors: 'ファイルが見つかりません。' });
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.bytes);
  });
}
