import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { OemScope, PlatformScope } from '../../platform/principal.ts';
import { oems } from '../tenants/schema.ts';

/** The OEMs of the scope: every one for the platform, else the one OEM; the default first. */
export async function oemOptions(db: Db, scope: PlatformScope | OemScope) {
  return db
    .select({ id: oems.id, name: oems.name, service_name: oems.serviceName, is_default: oems.isDefault })
    .from(oems)
    .where(scope.level === 'oem' ? eq(oems.id, scope.oemId) : undefined)
    .orderBy(desc(oems.isDefault), asc(oems.name), asc(oems.id));
}
