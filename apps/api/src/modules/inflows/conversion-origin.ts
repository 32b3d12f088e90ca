import { INFLOW_CLICK_ID_KEYS } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { conversionOrigin, type ClickIds, type ConversionOrigin } from '../conversions/origins.ts';
import { lastTouch } from './repository.ts';

/**
 * Where a converting friend came from: their latest route (last touch) and the ad click ids of the
 * visit that attributed them, read from the visit's stored parameters.
 */
export async function inflowOriginOf(db: Db, scope: ChannelScope, friendId: number): Promise<ConversionOrigin | null> {
  const touch = await lastTouch(db, scope, friendId);
  if (!touch) return null;
  const clickIds: ClickIds = {};
  for (const key of INFLOW_CLICK_ID_KEYS) {
    const value = touch.params?.[key];
    if (value) clickIds[key] = value;
  }
  return { inflowRouteId: touch.routeId, inflowRouteName: touch.routeName, clickIds };
}

/** The conversions module's origin of a friend (conversions/origins.ts). */
export const inflowConversionOrigin = conversionOrigin({ originOf: inflowOriginOf });
