import type { DashboardTopKind } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../platform/registry.ts';

/*
 * The dashboard's plug-in point (platform/registry.ts): a module whose sends belong to items of its
 * own (a plan, later an inflow route) contributes how to find the item of a delivery and how to
 * name items; the dashboard keeps the per-hour counts and ranks them for the period.
 */
export interface DashboardTopSource {
  kind: DashboardTopKind;
  /** The deliveries' `source` it claims ('plan'). */
  deliverySource: string;
  /** The item a delivery of that source belongs to (its `source_id` given), of the channel; null when gone. */
  itemOf(db: Db, scope: ChannelScope, sourceId: number): Promise<number | null>;
  /** The names of the channel's items among `ids`; an item not named is gone and left out. */
  labels(db: Db, scope: ChannelScope, ids: number[]): Promise<Map<number, string>>;
}

export const DASHBOARD_TOPS = registryKey<DashboardTopSource>('dashboard.tops');

export function dashboardTop(source: DashboardTopSource): Contribution {
  return contribution(DASHBOARD_TOPS, source);
}
