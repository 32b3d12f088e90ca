import { talkSource } from '../talks/sources.ts';
import * as repo from './repository.ts';

/** Each opening of a tracked link in the friend's talk: 「リンクを開きました」 with the address opened. */
export const linkOpenings = talkSource({
  name: 'link-openings',
  async entries(db, scope, friendId, before, limit) {
    const rows = await repo.friendClicks(db, scope, friendId, before, limit);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      direction: 'incoming' as const,
      type: 'link_opened',
      content: { url: row.targetUrl },
      sentBy: null,
      origin: null,
      delivery: null,
    }));
  },
});
