import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../index.ts';
import {
  formatPercent,
  percentOf,
  planAnalysisApi,
  planAnalysisDetail,
  planDeleteQuery,
  planListQuery,
  plansApi,
  sendPlanAnswer,
  sendPlanApi,
} from './api.ts';

const planEndpoints = [...Object.values(plansApi), ...Object.values(sendPlanApi), ...Object.values(planAnalysisApi)];

describe('plan endpoints (spec section 7)', () => {
  it('the spec paths: GET /service/plans/{id}, POST /service/plans, PUT /service/plans/{id}, send_plan, plan_analysis', () => {
    expect([plansApi.get, plansApi.create, plansApi.update].map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /service/plans/:id',
      'POST /service/plans',
      'PUT /service/plans/:id',
    ]);
    expect(`${sendPlanApi.sendPlan.method} ${sendPlanApi.sendPlan.path}`).toBe('POST /service/friends/:id/send_plan');
    expect(`${planAnalysisApi.get.method} ${planAnalysisApi.get.path}`).toBe('GET /service/plan_analysis/:id');
  });

  it('permissions: plans view to read, plans edit to change, plan_analysis view for the analysis', () => {
    for (const endpoint of [...Object.values(plansApi), ...Object.values(sendPlanApi)]) {
      expect(endpoint.permission).toEqual({ feature: 'plans', level: endpoint.method === 'GET' ? 'view' : 'edit' });
    }
    for (const endpoint of Object.values(planAnalysisApi)) {
      expect(endpoint.permission).toEqual({ feature: 'plan_analysis', level: 'view' });
    }
  });

  it('registers the plan endpoints the API serves (plansApi, planAnalysisApi, sendPlanApi)', () => {
    const served = new Set<unknown>([
      ...Object.values(plansApi),
      ...Object.values(planAnalysisApi),
      ...Object.values(sendPlanApi),
    ]);
    for (const endpoint of planEndpoints) {
      if (served.has(endpoint)) expect(allEndpoints).toContain(endpoint);
      else expect(allEndpoints).not.toContain(endpoint);
    }
  });

  it('the send_plan answer carries friennd_plans (spelled so)', () => {
    const answer = sendPlanAnswer.parse({
      data: {
        id: 7,
        friennd_plans: [
          {
            id: 1,
            plan_id: 2,
            plan_name: 'ウェルカム',
            plan_type: 'scenario',
            status: 'active',
            current_box_id: 'box-1-0',
            next_action_at: '2024-05-16T10:00:00+09:00',
            started_at: '2024-05-15T10:00:00+09:00',
            ended_at: null,
            end_reason: null,
          },
        ],
      },
    });
    expect(Object.keys(answer.data)).toEqual(['id', 'friennd_plans']);
  });

  it('plan_analysis answers plan, plan_actions, plan_timings, profiles, friends', () => {
    expect(Object.keys(planAnalysisDetail.shape)).toEqual([
      'plan',
      'plan_actions',
      'plan_timings',
      'profiles',
      'friends',
    ]);
  });

  it('list filters read folder, type, active and search; delete asks before ending waiting friends', () => {
    expect(planListQuery.parse({ folder_id: '3', plan_type: 'auto_reply', is_active: 'false', q: ' 予約 ' })).toEqual({
      folder_id: 3,
      plan_type: 'auto_reply',
      is_active: false,
      q: '予約',
      page: 1,
      limit: 20,
    });
    expect(planDeleteQuery.parse({})).toEqual({ end_waiting: false });
    expect(planDeleteQuery.parse({ end_waiting: 'true' })).toEqual({ end_waiting: true });
  });
});

describe('percent helper (spec section 9)', () => {
  it('returns 0% when the denominator is 0', () => {
    expect(percentOf(5, 0)).toBe(0);
    expect(formatPercent(0, 0)).toBe('0%');
    expect(percentOf(1, 3)).toBe(33.3);
    expect(formatPercent(2, 8)).toBe('25%');
  });
});
