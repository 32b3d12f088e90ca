import { audienceInflowRouteLeaf, type AudienceInflowRouteLeaf } from '@linq/contract';
import { audienceLeafKind } from '../audience/repository/registry.ts';
import { attributedTo, liveRouteIds } from './repository.ts';

/** Friends whose first route (first touch), or any route, is one of the leaf's; gone routes narrow (repository.ts). */
export const inflowRouteLeaf = audienceLeafKind({
  kind: 'inflow_route',
  schema: audienceInflowRouteLeaf,
  resolve: (db, scope, leaves: AudienceInflowRouteLeaf[]) =>
    liveRouteIds(
      db,
      scope,
      leaves.flatMap((leaf) => leaf.ids),
    ),
  compile: (leaf, live) => attributedTo(leaf.ids, live, leaf.match === 'first'),
});
