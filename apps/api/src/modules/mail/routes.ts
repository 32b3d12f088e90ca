import type { FastifyInstance } from 'fastify';
import { mailApi } from '@linq/contract';
import { requirePlatformAdmin } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { principalAs, route } from '../../platform/http.ts';
import { mailsTo } from './repository.ts';

const DEMO_OUTBOX_LIMIT = 20;

export function mailRoutes(app: FastifyInstance, ctx: AppContext) {
  // Mails carry single-use links: readable only where they are never delivered (no SMTP), by platform admins.
  route(app, ctx, mailApi.demoOutbox, async ({ principal, query }) => {
    requirePlatformAdmin(principalAs(principal, 'admin'));
    if (ctx.config.SMTP_URL) throw notFound('メール');
    const mails = await mailsTo(ctx.database.db, query.to, DEMO_OUTBOX_LIMIT);
    return {
      data: mails.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        created_at: mail.createdAt.toISOString(),
      })),
    };
  });
}
