import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../platform/registry.ts';

/*
 * The conversions module's plug-in point (platform/registry.ts): where a friend came from. The
 * inflows module contributes an origin naming the friend's inflow route and the ad click ids its
 * visit carried; the first origin that knows the friend answers. What it answers is kept on the
 * conversion when it happens, so counts per route and the ad export read the conversions alone.
 */
/** Ad click ids a friend's inflow visit carried (gclid, fbclid, yclid, LINE's …), by parameter name. */
export type ClickIds = Record<string, string>;

export interface ConversionOrigin {
  inflowRouteId: number;
  inflowRouteName: string;
  /** Ad click ids by parameter name (`gclid`, `fbclid`, `yclid`, …). */
  clickIds: ClickIds;
}

export interface ConversionOriginSource {
  originOf(db: Db, scope: ChannelScope, friendId: number): Promise<ConversionOrigin | null>;
}

export const CONVERSION_ORIGINS = registryKey<ConversionOriginSource>('conversions.origins');

export function conversionOrigin(source: ConversionOriginSource): Contribution {
  return contribution(CONVERSION_ORIGINS, source);
}
