import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope } from '../../platform/principal.ts';
import { accounts } from '../tenants/schema.ts';

/* The account's company info: its own row of accounts, scoped by the account id. */

const infoColumns = {
  name: accounts.name,
  nameKana: accounts.nameKana,
  postalCode: accounts.postalCode,
  prefecture: accounts.prefecture,
  city: accounts.city,
  street: accounts.street,
  building: accounts.building,
  phone: accounts.phone,
  contactName: accounts.contactName,
  contactEmail: accounts.contactEmail,
  registrationNumber: accounts.registrationNumber,
  timeZone: accounts.timeZone,
  updatedAt: accounts.updatedAt,
};
export type AccountInfoRow = { [K in keyof typeof infoColumns]: (typeof accounts.$inferSelect)[K] };
export type AccountInfoValues = Omit<AccountInfoRow, 'updatedAt'>;

export async function find(db: Db, scope: AccountScope): Promise<AccountInfoRow | undefined> {
  const [row] = await db.select(infoColumns).from(accounts).where(eq(accounts.id, scope.accountId));
  return row;
}

export async function update(
  db: Db,
  scope: AccountScope,
  values: AccountInfoValues,
): Promise<AccountInfoRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, scope.accountId))
    .returning(infoColumns);
  return row;
}
