import type { DashboardTopKind } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../platform/registry.ts';
import { addToTop } from './repository.ts';

/*
 * The dashboard's plug-in point (platform/registry.ts): a module with items of its own (plans, inflow
 * routes) contributes how to name them and either how to find the item of a delivery (its sends are
 * counted by the dashboard) or nothing more, counting its own facts with `countTopItem` (the friends
 * a route brought). The dashboard keeps the per-hour counts and ranks them for the period.
 */
export interface DashboardTopSource {
  kind: DashboardTopKind;
  /** Sends as the figure: the deliveries' `source` it claims ('plan') and the item such a delivery belongs to. */
  deliveries?: {
    source: string;
    /** The item a delivery of that source belongs to (its `source_id` given), of the channel; null when gone. */
    itemOf(db: Db, scope: ChannelScope, sourceId: number): Promise<number | null>;
  };
  /** The names of the channel's items among `ids`; an item not named is gone and left out. */
  labels(db: Db, scope: ChannelScope, ids: number[]): Promise<Map<number, string>>;
}

export const DASHBOARD_TOPS = registryKey<DashboardTopSource>('dashboard.tops');

export function dashboardTop(source: DashboardTopSource): Contribution {
  return contribution(DASHBOARD_TOPS, source);
}

/** Adds `n` to an item's figure in the hour of `at` (for a source without `deliveries`, from its own consumer). */
export async function countTopItem(
  db: Db,
  scope: ChannelScope,
  kind: DashboardTopKind,
  itemId: number,
  at: Date,
  n = 1,
): Promise<void> {
  await addToTop(db, scope, kind, itemId, at, n);
}
