import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { linksApi } from '@linq/contract';
import { friends } from '../friends/schema.ts';
import { messageTemplateActions } from '../templates/schema.ts';
import { trackedLinks } from './schema.ts';
import { useTestApp } from '../../test/kit.ts';
import { messageOf } from '../templates/test-support.ts';
import type { DomainEvents } from '../../platform/events.ts';

/* link.opened: every opening of a tracked link reaches a subscriber once; exactly one is the first. */

const t = useTestApp();
const opened: Array<DomainEvents['link.opened']> = [];

beforeAll(() => {
  t.ctx.events.subscribe('link.opened', async (event) => void opened.push(event));
});

describe('link.opened', () => {
  it('is published once per opening, `first` for exactly one of them even when opened at once', async () => {
    const lineAccountId = t.tenant.channels[0]!.id;
    const template = await t.factory.template(t.staff, messageOf('confirm'));
    const [action] = await t.db
      .select()
      .from(messageTemplateActions)
      .where(eq(messageTemplateActions.templateId, template.plan.id))
      .orderBy(messageTemplateActions.id);
    expect(action!.score).toBe(10);
    const friend = await t.factory.friend(lineAccountId);
    const token = randomBytes(16).toString('base64url');
    await t.db.insert(trackedLinks).values({
      token,
      lineAccountId,
      friendId: friend.id,
      actionItemId: action!.id,
      targetUrl: 'https://example.com/campaign',
    });

    const openings = await Promise.all([1, 2, 3].map(() => t.call(linksApi.follow, { params: { token } })));
    expect(openings.map((o) => o.output.data.url)).toEqual(Array(3).fill('https://example.com/campaign'));
    await t.call(linksApi.follow, { params: { token } });

    const base = { lineAccountId, friendId: friend.id, actionItemId: action!.id };
    expect(opened.filter((e) => e.first)).toEqual([{ ...base, first: true }]);
    expect(opened.filter((e) => !e.first)).toEqual(Array(3).fill({ ...base, first: false }));
    // The templates module's subscriber adds the action's score once, on the first opening.
    const [row] = await t.db.select().from(friends).where(eq(friends.id, friend.id));
    expect(row!.score).toBe(10);
  });
});
