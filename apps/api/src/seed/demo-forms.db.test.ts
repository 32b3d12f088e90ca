import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formPublicApi, formsApi } from '@linq/contract';
import { useTestApp } from '../test/kit.ts';
import type { Queue } from '../platform/queue.ts';
import { friendTags, tags } from '../modules/labels/schema.ts';
import { formAnswers, forms } from '../modules/forms/schema.ts';
import { friendImports } from '../modules/friend-imports/schema.ts';
import { friends } from '../modules/friends/schema.ts';
import { lineAccounts } from '../modules/line-accounts/schema.ts';
import { plans } from '../modules/plans/schema.ts';
import { bindSimulatedChannels } from '../modules/simulator/bind.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { DEMO_FORM_SCENARIO, DEMO_REQUEST_FORM, DEMO_SNS_TAG, DEMO_VISIT_FORM } from './demo-forms.ts';

const t = useTestApp({ simulator: true, tenants: 0 });

describe('demo forms', () => {
  it('are in each demo channel: the survey answered by demo friends, the request open to anyone', async () => {
    const held: (() => Promise<void>)[] = [];
    const queue: Queue = { ...t.ctx.queue, send: async (...args) => void held.push(() => t.ctx.queue.send(...args)) };
    expect(await seedDemoIfEmpty({ ...t.ctx, queue })).toBe(true);
    const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // As the demo runs (seedDemo): its friends' decorations include the takeover import checked below.
    const demo = { ...t.ctx, config: { ...t.ctx.config, seedDemo: true } };
    const bound = await bindSimulatedChannels(demo, consoleUrl, { seedDemoFriends: true });
    for (const send of held) await send();
    await bound.seeding;

    for (const channel of await t.db.select().from(lineAccounts)) {
      const rows = await t.db.select().from(forms).where(eq(forms.lineAccountId, channel.id));
      expect(rows.map((row) => row.name).sort()).toEqual([DEMO_VISIT_FORM, DEMO_REQUEST_FORM].sort());
      const survey = rows.find((row) => row.name === DEMO_VISIT_FORM)!;
      const request = rows.find((row) => row.name === DEMO_REQUEST_FORM)!;
      const answers = await t.db.select().from(formAnswers).where(eq(formAnswers.formId, survey.id));
      expect(answers.length).toBeGreaterThan(0);
      expect(survey.answerCount).toBe(answers.length);
      expect(answers.every((answer) => answer.friendId !== null)).toBe(true);
      const tagged = await t.db
        .select({ friendId: friendTags.friendId })
        .from(friendTags)
        .innerJoin(tags, eq(tags.id, friendTags.tagId))
        .where(and(eq(tags.lineAccountId, channel.id), eq(tags.name, DEMO_SNS_TAG)));
      expect(tagged.length).toBeGreaterThan(0);
      const [scenario] = await t.db
        .select()
        .from(plans)
        .where(and(eq(plans.lineAccountId, channel.id), eq(plans.name, DEMO_FORM_SCENARIO)));
      expect(scenario).toMatchObject({ scenarioTrigger: 'form_answered', triggerRefId: survey.id, isActive: true });

      // The request is open to anyone by its public code until a date ahead.
      expect(request.settings.allow_anonymous).toBe(true);
      const { output } = await t.call(formPublicApi.view, { query: { c: request.publicCode } });
      expect(output.data.state).toBe('open');
    }
    expect(formsApi.list.path).toBe('/service/forms');

    // What else the demo adds once a channel's friends are there: Demo Shop オンライン's takeover import,
    // done after its virtual friends (a channel with friends already would not get them).
    const [online] = await t.db.select().from(lineAccounts).where(eq(lineAccounts.basicId, '@demo-online'));
    const imported = await t.db.select().from(friendImports).where(eq(friendImports.lineAccountId, online!.id));
    expect(imported.map((row) => row.status)).toEqual(['completed']);
    const virtual = await t.db.select().from(friends).where(eq(friends.lineAccountId, online!.id));
    expect(virtual.length).toBeGreaterThan(imported[0]!.created);
  });
});
