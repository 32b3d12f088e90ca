import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../sessions/schema.ts';

export async function adminEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.email, email)));
  return row !== undefined;
}

export async function insertAdmin(db: Db, values: { email: string; name: string; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'admin' })
    .returning({ id: users.id, email: users.email, name: users.name });
  return row;
}
