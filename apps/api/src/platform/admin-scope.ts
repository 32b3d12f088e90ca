import { forbidden, notFound } from './errors.ts';
import { oemScope, type AdminPrincipal, type OemScope } from './principal.ts';

/**
 * The OEM an admin request acts on. An OEM admin always acts on their own OEM: naming another is a
 * 404, as for any row outside the caller's tenant. A platform admin acts on the OEM they chose (the
 * `oem_id` query of admin endpoints), else on their own, the default OEM.
 */
export function actingOem(principal: AdminPrincipal, chosenOemId?: number): OemScope {
  if (chosenOemId === undefined || chosenOemId === principal.oemId) return oemScope(principal.oemId);
  if (!principal.platform) throw notFound('OEM');
  return oemScope(chosenOemId);
}

/** Platform-only work (the OEMs themselves, teppan templates): refused to OEM admins. */
export function requirePlatformAdmin(principal: AdminPrincipal): void {
  if (!principal.platform) throw forbidden('この操作はプラットフォーム管理者のみ行えます。');
}
