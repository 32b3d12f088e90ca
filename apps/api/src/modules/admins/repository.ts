import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { users } from '../sessions/schema.ts';
import { oems } from '../tenants/schema.ts';

export async function adminEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.email, email)));
  return row !== undefined;
}

export async function insertAdmin(
  db: Db,
  { oemId }: OemScope,
  values: { email: string; name: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'admin', oemId })
    .returning({ id: users.id, email: users.email, name: users.name, oemId: users.oemId });
  return row;
}

/** The default OEM's id. Unscoped: the platform's own OEM, before any admin exists. */
export async function defaultOemIdUnscoped(db: Db): Promise<number | undefined> {
  const [row] = await db.select({ id: oems.id }).from(oems).where(eq(oems.isDefault, true));
  return row?.id;
}

/**
 * A fresh installation's default OEM, made with the first platform admin: branding to edit in the
 * admin area (the same placeholder values the migration gives existing admins).
 */
export async function insertDefaultOemUnscoped(db: Db): Promise<number> {
  const [row] = await db
    .insert(oems)
    .values({
      name: 'LinQ',
      serviceName: 'LinQ',
      domain: 'localhost',
      isDefault: true,
      faviconUrl: '/favicon.svg',
      primaryColor: '#06C755',
      headerColor: '#ffffff',
      siderColor: '#001529',
    })
    .returning({ id: oems.id });
  return row!.id;
}
