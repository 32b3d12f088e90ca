import { and, eq } from 'drizzle-orm';
import { corporateNumberCheckDigit } from '@linq/contract';
import type { Db } from '../platform/db.ts';
import { accountScope } from '../platform/principal.ts';
import { addDays, addMonths, today } from '../modules/agency-contracts/dates.ts';
import { invoiceFor } from '../modules/billing/invoices.ts';
import * as billing from '../modules/billing/repository.ts';
import { periodFrom, type Period } from '../modules/billing/rules.ts';
import { accounts, oems } from '../modules/tenants/schema.ts';
import { DIRECT_ACCOUNT, NEAR_LIMIT_ACCOUNT } from './demo-tenants.ts';

const DEMO_CORPORATE_NUMBER = '234567890123';
/** The demo OEM's invoice registration number (a valid check digit, so the settings screen accepts it). */
export const DEMO_OEM_REGISTRATION_NUMBER = `T${corporateNumberCheckDigit(DEMO_CORPORATE_NUMBER)}${DEMO_CORPORATE_NUMBER}`;

const DAY_MS = 86_400_000;

/**
 * Billing of the demo accounts, paying by invoice: a current period that began ten days ago, the two
 * months before it invoiced and paid (their qualified invoice PDFs download), and this period's
 * invoice open. Card payment is one click away through the embedded Stripe stand-in.
 *
 * Demo Bakery's bank transfer for last month has not arrived: that invoice is past due and the
 * account in its grace period, for the platform admin to record the transfer (its account page's
 * 請求 card) and see the account recover. This month's invoice is open.
 */
export async function seedDemoBilling(
  db: Db,
  ids: { oemId: number; agencyId: number; accountId: number },
  now: Date,
  graceDays: number,
) {
  await db
    .update(oems)
    .set({ companyName: '株式会社リンク', invoiceRegistrationNumber: DEMO_OEM_REGISTRATION_NUMBER })
    .where(eq(oems.id, ids.oemId));
  const [cafe] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.agencyId, ids.agencyId), eq(accounts.name, NEAR_LIMIT_ACCOUNT.name)));
  const current = periodFrom(addDays(today(now), -10));
  for (const accountId of [ids.accountId, cafe?.id].filter((id): id is number => id !== undefined)) {
    const scope = accountScope(accountId);
    await billing.ensure(db, scope, current);
    for (const monthsAgo of [2, 1, 0]) {
      const period = periodFrom(addMonths(current.start, -monthsAgo));
      const invoice = await invoiceFor(db, scope, period, period.start, 'invoice');
      if (!invoice) continue;
      const paid = monthsAgo > 0;
      await billing.insertInvoice(db, scope, {
        ...invoice,
        status: paid ? 'paid' : 'open',
        paidAt: paid ? new Date(`${invoice.dueOn}T01:00:00Z`) : null,
      });
    }
  }
  await seedOverdueTransfer(db, ids.oemId, current, now, graceDays);
}

async function seedOverdueTransfer(db: Db, oemId: number, current: Period, now: Date, graceDays: number) {
  const [bakery] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.oemId, oemId), eq(accounts.name, DIRECT_ACCOUNT.name)));
  if (!bakery) return;
  const scope = accountScope(bakery.id);
  await billing.ensure(db, scope, current);
  for (const period of [periodFrom(addMonths(current.start, -1)), current]) {
    const invoice = await invoiceFor(db, scope, period, period.start, 'invoice');
    if (!invoice) continue;
    await billing.insertInvoice(db, scope, {
      ...invoice,
      status: invoice.dueOn < today(now) ? 'past_due' : 'open',
    });
  }
  await billing.update(db, scope, { status: 'past_due', graceUntil: new Date(now.getTime() + graceDays * DAY_MS) });
}
