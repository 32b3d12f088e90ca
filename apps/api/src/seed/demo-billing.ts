import { and, eq } from 'drizzle-orm';
import { corporateNumberCheckDigit } from '@linq/contract';
import type { Db } from '../platform/db.ts';
import { accountScope } from '../platform/principal.ts';
import { addDays, addMonths, today } from '../modules/agency-contracts/dates.ts';
import { invoiceFor } from '../modules/billing/invoices.ts';
import * as billing from '../modules/billing/repository.ts';
import { periodFrom } from '../modules/billing/rules.ts';
import { accounts, oems } from '../modules/tenants/schema.ts';
import { NEAR_LIMIT_ACCOUNT } from './demo-tenants.ts';

const DEMO_CORPORATE_NUMBER = '234567890123';
/** The demo OEM's invoice registration number (a valid check digit, so the settings screen accepts it). */
export const DEMO_OEM_REGISTRATION_NUMBER = `T${corporateNumberCheckDigit(DEMO_CORPORATE_NUMBER)}${DEMO_CORPORATE_NUMBER}`;

/**
 * Billing of the demo accounts, paying by invoice: a current period that began ten days ago, the two
 * months before it invoiced and paid (their qualified invoice PDFs download), and this period's
 * invoice open. Card payment is one click away through the embedded Stripe stand-in.
 */
export async function seedDemoBilling(db: Db, ids: { oemId: number; agencyId: number; accountId: number }, now: Date) {
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
}
