import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { oemScope, type AccountScope, type AgencyScope, type OemScope } from '../../platform/principal.ts';
import { accountOf } from '../accounts/repository.ts';
import { accounts, agencies, oemPlans } from '../tenants/schema.ts';

const ofAgency = ({ agencyId }: AgencyScope) => eq(accounts.agencyId, agencyId);

/** The client account, when it is one of the agency's: its own scope, for what hangs below it. */
export const clientOf = (db: Db, scope: AgencyScope, id: number): Promise<AccountScope | undefined> =>
  accountOf(db, scope, id);

export async function options(db: Db, scope: AgencyScope) {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(ofAgency(scope))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** The OEM the agency resells: where its client accounts and their plans belong. */
export async function oemOf(db: Db, { agencyId }: AgencyScope): Promise<OemScope | undefined> {
  const [row] = await db.select({ oemId: agencies.oemId }).from(agencies).where(eq(agencies.id, agencyId));
  return row ? oemScope(row.oemId) : undefined;
}

/** The plans of the agency's OEM, active ones first. */
export async function plans(db: Db, { agencyId }: AgencyScope) {
  return db
    .select({ id: oemPlans.id, name: oemPlans.name, status: oemPlans.status })
    .from(oemPlans)
    .innerJoin(agencies, eq(agencies.oemId, oemPlans.oemId))
    .where(eq(agencies.id, agencyId))
    .orderBy(asc(oemPlans.status), asc(oemPlans.monthlyPriceYen), asc(oemPlans.id));
}

/** The limits of the account's plan (undefined: no plan). */
/** How many client accounts the agency has. */
export async function clientCount(db: Db, { agencyId }: AgencyScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.agencyId, agencyId));
  return row?.n ?? 0;
}
