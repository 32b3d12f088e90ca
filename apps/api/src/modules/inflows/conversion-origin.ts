import { INFLOW_CLICK_ID_KEYS } from '@linq/contract';
import { conversionOrigin, type ClickIds } from '../conversions/origins.ts';
import { lastTouch } from './repository.ts';

/**
 * Where a converting friend came from, for the conversions module: their latest route (last touch)
 * and the ad click ids of the visit that attributed them, read from the visit's stored parameters.
 */
export const inflowConversionOrigin = conversionOrigin({
  originOf: async (db, scope, friendId) => {
    const touch = await lastTouch(db, scope, friendId);
    if (!touch) return null;
    const clickIds: ClickIds = {};
    for (const key of INFLOW_CLICK_ID_KEYS) {
      const value = touch.params?.[key];
      if (value) clickIds[key] = value;
    }
    return { inflowRouteId: touch.routeId, inflowRouteName: touch.routeName, clickIds };
  },
});
