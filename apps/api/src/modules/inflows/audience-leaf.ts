import { sql } from 'drizzle-orm';
import { audienceInflowRouteLeaf, type AudienceInflowRouteLeaf } from '@linq/contract';
import { audienceLeafKind } from '../audience/repository/registry.ts';
import { attributedTo, liveRouteIds } from './repository.ts';

/**
 * Friends whose first route (first touch), or any route, is one of the leaf's. Routes gone (deleted,
 * or another channel's) are UNKNOWN, Kleene-wise as the label leaves: a friend of a live route
 * matches; otherwise, with a gone route named, UNKNOWN, so the leaf and its negation never widen.
 */
export const inflowRouteLeaf = audienceLeafKind({
  kind: 'inflow_route',
  schema: audienceInflowRouteLeaf,
  resolve: (db, scope, leaves: AudienceInflowRouteLeaf[]) =>
    liveRouteIds(
      db,
      scope,
      leaves.flatMap((leaf) => leaf.ids),
    ),
  compile(leaf, live) {
    const named = [...new Set(leaf.ids)];
    const alive = named.filter((id) => live.has(id));
    const gone = alive.length < named.length;
    const matches = alive.length > 0 ? attributedTo(alive, leaf.match === 'first') : undefined;
    if (!gone) return matches ?? null;
    return matches ? sql`(${matches} or null::boolean)` : null;
  },
});
