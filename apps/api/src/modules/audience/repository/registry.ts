import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import type { ChannelScope } from '../../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../../platform/registry.ts';

/*
 * The audience's plug-in point: its leaf kinds. The audience module registers the built-in ones
 * (leaves.ts); a later feature adds its own (an inflow route, a form answered) from its folder with
 * `audienceLeafKind(...)` in its manifest's `contributes`. Compiling an expression asks the
 * registered kind of each leaf; a leaf of no registered kind, or one its kind's schema refuses,
 * matches nobody.
 */

/** What a compiled leaf is: a condition on the row of `friends`, or UNKNOWN (null: it names something gone). */
export type LeafCondition = SQL | null;

export interface AudienceLeafKind<L = unknown, R = unknown> {
  kind: string;
  /** The leaf's parameters; a stored leaf this refuses matches nobody. */
  schema: z.ZodType<L>;
  /**
   * What this kind's leaves of one expression need from the database before they compile (which
   * of the labels they name are the channel's live ones…), read once for all of them, in the
   * channel only.
   */
  resolve?(db: Db, scope: ChannelScope, leaves: L[]): Promise<R>;
  /**
   * The leaf as a condition on `friends` (the channel's row); null when it is UNKNOWN: it requires
   * something no longer there, so that neither it nor its negation matches anyone.
   */
  compile(leaf: L, resolved: R, scope: ChannelScope): LeafCondition;
}

export const AUDIENCE_LEAVES = registryKey<AudienceLeafKind>('audience.leaves');

/** A leaf kind as a manifest contributes it (its parameters' type checked here). */
export function audienceLeafKind<L, R>(kind: AudienceLeafKind<L, R>): Contribution {
  return contribution(AUDIENCE_LEAVES, kind as unknown as AudienceLeafKind);
}
