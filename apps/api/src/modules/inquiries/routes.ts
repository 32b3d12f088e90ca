import type { FastifyInstance } from 'fastify';
import { inquiriesApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import { consoleOrigin, imageUploadScope, uploadedBytes } from '../files/routes.ts';
import * as inquiries from './service.ts';

export function inquiryRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ channel, query }) => inquiries.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.create, async ({ channel, body }) => ({
    data: await inquiries.create(ctx, requireChannel(channel), body),
  }));
  imageUploadScope(app, (scoped) => {
    route(scoped, ctx, api.uploadAttachment, async ({ channel, request }) => {
      const bytes = await uploadedBytes(scoped, request);
      return { data: await inquiries.uploadAttachment(ctx, requireChannel(channel), bytes, consoleOrigin(app, ctx)) };
    });
  });
}
