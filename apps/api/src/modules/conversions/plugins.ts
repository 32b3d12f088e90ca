import { CONVERSION_PAGE_ROUTE, conversionsApi } from '@linq/contract';
import { friendPage } from '../links/friend-pages.ts';
import { planTrigger } from '../plan-engine/registries.ts';
import { talkSource } from '../talks/sources.ts';
import * as repo from './repository.ts';

/* What conversions bring to the plan engine and the talk. */

/** Scenarios started when a friend converts at their point (anonymous hits start nothing). */
export const conversionReachedTrigger = planTrigger({
  kind: 'conversion_reached',
  event: 'conversion.reached',
  ref: {
    listPath: conversionsApi.list.path,
    requiredMessage: '開始のきっかけにするコンバージョンポイントを選んでください',
    foreignMessage: 'このチャネルのコンバージョンポイントではありません',
    ownIds: (db, scope, ids) => repo.ownPointIds(db, scope, ids),
  },
  fired: (event) =>
    event.friendId === null
      ? null
      : { lineAccountId: event.lineAccountId, friendIds: [event.friendId], refId: event.pointId },
});

/** The friend's conversions in their talk: 「コンバージョン: <point name>」. */
export const conversionTalk = talkSource({
  name: 'conversions',
  async entries(db, scope, friendId, before, limit) {
    const rows = await repo.friendTalkConversions(db, scope, friendId, before, limit);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      direction: 'incoming' as const,
      type: 'conversion',
      content: { point_name: row.pointName },
      sentBy: null,
      origin: null,
      delivery: null,
    }));
  },
});

/** The /links page wants its friend: a tracked link to a point's page carries the link's token. */
export const conversionFriendPage = friendPage({
  wants: (address) => address.pathname === CONVERSION_PAGE_ROUTE && address.searchParams.has('c'),
});
