import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminBillingApi, billingApi as api, INVOICE_MARKED_PAID_MESSAGE } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { ANSWERED, principalAs, route } from '../../platform/http.ts';
import { accountScope, type Principal } from '../../platform/principal.ts';
import { attachEmbeddedSimulator } from './card.ts';
import { renderInvoicePdf } from './pdf.ts';
import type { InvoiceRow } from './repository.ts';
import * as billing from './service.ts';
import { ingestStripeEvent } from './webhooks.ts';

export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null) => accountScope(principalAs(principal, 'account').accountId);
  // The provider's pages send the owner back to the console they came from.
  const originOf = (request: FastifyRequest) =>
    ctx.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

  route(app, ctx, api.paymentPlan, async ({ principal }) => ({
    data: await billing.paymentPlan(ctx, scopeOf(principal)),
  }));
  route(app, ctx, api.changePlan, async ({ principal, body }) => ({
    data: await billing.changePlan(ctx, scopeOf(principal), body.plan_id),
  }));
  route(app, ctx, api.cancelPending, async ({ principal }) => ({
    data: await billing.cancelPending(ctx, scopeOf(principal)),
  }));
  route(app, ctx, api.overview, async ({ principal }) => ({ data: await billing.overview(ctx, scopeOf(principal)) }));
  route(app, ctx, api.invoicePdf, async ({ principal, params, reply }) =>
    sendInvoicePdf(reply, await billing.invoiceOf(ctx, scopeOf(principal), params.id)),
  );
  route(app, ctx, api.checkout, async ({ principal, request }) => ({
    data: { url: await billing.checkout(ctx, scopeOf(principal), originOf(request)) },
  }));
  route(app, ctx, api.completeCheckout, async ({ principal, body }) => ({
    data: await billing.completeCheckout(ctx, scopeOf(principal), body.session_id),
  }));
  route(app, ctx, api.portal, async ({ principal, request }) => ({
    data: { url: await billing.portal(ctx, scopeOf(principal), originOf(request)) },
  }));
  route(app, ctx, api.standing, async ({ principal }) => {
    const caller = principal?.role === 'service' ? principal : principalAs(principal, 'account');
    return { data: await billing.standing(ctx, caller.accountId) };
  });
  const actingOemOf = (principal: Principal | null, oemId: number | undefined) =>
    actingOem(principalAs(principal, 'admin'), oemId);
  route(app, ctx, adminBillingApi.accountBilling, async ({ principal, params, query }) => ({
    data: await billing.accountBilling(ctx, actingOemOf(principal, query.oem_id), params.id),
  }));
  route(app, ctx, adminBillingApi.invoicePdf, async ({ principal, params, query, reply }) =>
    sendInvoicePdf(
      reply,
      await billing.adminInvoiceOf(ctx, actingOemOf(principal, query.oem_id), params.id, params.invoiceId),
    ),
  );
  route(app, ctx, adminBillingApi.markPaid, async ({ principal, params, query }) => {
    await billing.markPaid(ctx, actingOemOf(principal, query.oem_id), params.id, params.invoiceId);
    return { data: { message: INVOICE_MARKED_PAID_MESSAGE } };
  });
}

/** The invoice as a qualified invoice PDF download (the owner's and the admin's). */
async function sendInvoicePdf(reply: FastifyReply, invoice: InvoiceRow): Promise<typeof ANSWERED> {
  const pdf = await renderInvoicePdf(invoice);
  void reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
    .header('cache-control', 'no-store')
    .send(pdf);
  return ANSWERED;
}

/** Outside /api: the endpoint Stripe (or its stand-in) posts signed events to. */
export async function billingWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  attachEmbeddedSimulator(app, ctx);
  await app.register(async (scoped) => {
    // The signature covers the exact bytes, so the body stays a Buffer here.
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scoped.post<{ Body: Buffer }>('/webhooks/stripe', { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      await ingestStripeEvent(
        ctx,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        Array.isArray(signature) ? signature[0] : signature,
      );
      return reply.status(200).send({ received: true });
    });
  });
}
