import type { InflowProfileFacet } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../platform/registry.ts';

/*
 * The profile chart's plug-in point: a module adds facets of a route's friends (forms: the answers
 * to their questions) from its own folder, with `inflowProfileFacets(...)` in its manifest's
 * `contributes`. The inflows module itself gives language, info fields, tags and plans.
 */

/** Whose profile: the route's friends attributed in [start, end). */
export interface InflowPopulation {
  routeId: number;
  start: Date;
  end: Date;
}

export interface InflowProfileFacetSource {
  /** The facets (their `kind` names them for the web, e.g. `form`), read in the channel only. */
  facets(db: Db, scope: ChannelScope, population: InflowPopulation): Promise<InflowProfileFacet[]>;
}

export const INFLOW_PROFILE_FACETS = registryKey<InflowProfileFacetSource>('inflows.profile-facets');

export function inflowProfileFacets(source: InflowProfileFacetSource): Contribution {
  return contribution(INFLOW_PROFILE_FACETS, source);
}

/** The population as a subquery of friend ids: a facet counts rows `where friend_id in <it>`. */
export { routeFriendIdsSql } from './repository.ts';
