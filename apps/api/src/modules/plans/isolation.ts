import type { PlanAction, PlanDetail } from '@linq/contract';
import type { Tenant } from '../../test/factory.ts';
import { INVALID, NOT_FOUND, inChannel, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { folders } from '../folders/schema.ts';
import { fixturesOf } from '../labels/isolation.ts';
import { templateIn } from '../templates/isolation.ts';
import { branchingScenario, createPlan, planJson } from './test-support.ts';

/** Per tenant's first channel: a plans folder and a branching scenario in it (created below). */
const planFixtures = new Map<number, { folder: number; plan: PlanDetail }>();
export const planIn = (tenant: Tenant) => planFixtures.get(tenant.channels[0]!.id)!.plan;
const planFolderIn = (tenant: Tenant) => planFixtures.get(tenant.channels[0]!.id)!.folder;
/** A save of A's own plan with one change naming something of B's. */
const planSave = (a: Tenant, change: (detail: PlanDetail) => PlanDetail) => planJson(change(planIn(a)));
const withFirstBox = (detail: PlanDetail, change: (action: PlanAction) => PlanAction): PlanDetail => ({
  ...detail,
  plan_actions: detail.plan_actions.map((action) => (action.box_id === 'box-0' ? change(action) : action)),
});
/**
 * Plans: A's staff with A's channel in the header reaching for B's plan (404), or naming B's
 * boxes, timings, message items (a template's or a plan's), tags, plans or folder from A's own
 * plan (422); with B's channel in the header, 403.
 */
const planRoutes = (): Record<string, Entry> => {
  const base = '/service/plans';
  const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
  const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });
  const byId = (suffix: string, body?: unknown): Entry =>
    probes((a, b) => [
      { path: `${base}/${planIn(b).plan.id}${suffix}`, ...asA(a), ...(body ? { body } : {}), answers: NOT_FOUND },
      { path: `${base}/${planIn(a).plan.id}${suffix}`, ...inB(a, b), ...(body ? { body } : {}) },
    ]);
  const fresh = (detail: PlanDetail): PlanDetail => ({
    ...detail,
    plan: { ...detail.plan, id: null, name: 'probe-plan' },
    plan_actions: detail.plan_actions.map((action) => ({ ...action, id: null, use_template: true })),
    plan_timings: detail.plan_timings.map((timing) => ({ ...timing, id: null })),
  });
  return {
    'GET /api/service/plans': probes((a, b) => [
      { path: base, ...asA(a), answers: [200], absentIds: [planIn(b).plan.id!] },
      { path: base, ...asA(a), query: { folder_id: planFolderIn(b) }, answers: [200], absentIds: [planIn(b).plan.id!] },
      { path: base, ...inB(a, b) },
    ]),
    'GET /api/service/plans/:id': byId(''),
    'POST /api/service/plans': probes((a, b) => [
      {
        path: base,
        ...asA(a),
        body: planSave(a, (d) => ({ ...fresh(d), plan: { ...fresh(d).plan, folder_id: planFolderIn(b) } })),
        answers: INVALID,
      },
      {
        path: base,
        ...asA(a),
        body: planSave(a, (d) => ({ ...fresh(d), plan: { ...fresh(d).plan, start_plan_id: planIn(b).plan.id } })),
        answers: INVALID,
      },
      {
        path: base,
        ...asA(a),
        body: planSave(a, (d) => withFirstBox(fresh(d), (action) => ({ ...action, tag_ids: [fixturesOf(b).tag] }))),
        answers: INVALID,
      },
      { path: base, ...inB(a, b), body: planSave(a, fresh) },
    ]),
    'PUT /api/service/plans/:id': probes((a, b) => {
      const mine = `${base}/${planIn(a).plan.id}`;
      const theirs = planIn(b);
      return [
        { path: `${base}/${theirs.plan.id}`, ...asA(a), body: planJson(theirs), answers: NOT_FOUND },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) => withFirstBox(d, (action) => ({ ...action, id: theirs.plan_actions[0]!.id }))),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) =>
            withFirstBox(d, (action) => ({ ...action, message: theirs.plan_actions[0]!.message })),
          ),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) =>
            withFirstBox(d, (action) => ({
              ...action,
              message: { ...action.message, id: templateIn(b).plan_actions[0]!.message.id },
            })),
          ),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) => ({
            ...d,
            plan_timings: d.plan_timings.map((timing, index) =>
              index === 0 ? { ...timing, id: theirs.plan_timings[0]!.id } : timing,
            ),
          })),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) => ({
            ...d,
            plan: {
              ...d.plan,
              target_send: 'advanced',
              target_is_all: false,
              target_tags: [{ id: fixturesOf(b).tag, name: 'x' }],
            },
          })),
          answers: INVALID,
        },
        { path: mine, ...inB(a, b), body: planSave(a, (d) => d) },
      ];
    }),
    'DELETE /api/service/plans/:id': byId(''),
    'POST /api/service/plans/:id/copy': probes((a, b) => [
      { path: `${base}/${planIn(b).plan.id}/copy`, ...asA(a), body: {}, answers: NOT_FOUND },
      { path: `${base}/${planIn(a).plan.id}/copy`, ...asA(a), body: { folder_id: planFolderIn(b) }, answers: INVALID },
      { path: `${base}/${planIn(a).plan.id}/copy`, ...inB(a, b), body: {} },
    ]),
    'POST /api/service/plans/:id/activate': byId('/activate', {}),
    'POST /api/service/plans/:id/deactivate': byId('/deactivate'),
    'GET /api/service/plans/:id/forecast': byId('/forecast'),
    'GET /api/service/plans/:id/history': byId('/history'),
    // The settings are those of the channel in the header: A's own (B's unchanged), or 403 with B's.
    'GET /api/service/plan_settings': inChannel('/service/plan_settings', [200]),
    // The triggers there are, the same for every channel: A's own answer, or 403 with B's channel.
    'GET /api/service/plan_triggers': inChannel('/service/plan_triggers', [200]),
    'PUT /api/service/plan_settings': inChannel('/service/plan_settings', [200], {
      night_window: { enabled: true, start: '22:00', end: '09:00' },
    }),
  };
};

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [folder] = await t.runtime.ctx.database.db
        .insert(folders)
        .values({ scope: 'service', lineAccountId, folderType: 'plans', name: 'isolation' })
        .returning();
      const scenario = branchingScenario('isolation');
      const plan = await createPlan(
        t,
        { token: tenant.tokens.staff, lineAccountId },
        { ...scenario, plan: { ...scenario.plan, folder_id: folder!.id } },
      );
      planFixtures.set(lineAccountId, { folder: folder!.id, plan });
    }
  },
  routes: planRoutes,
};
