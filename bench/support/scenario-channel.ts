import type { LineSimulator } from '@linq/line-simulator';
import { permissionsWith } from '@linq/contract';
import { simplePlan } from '../../apps/api/src/modules/plans/test-support.ts';
import { activePlan } from '../../apps/api/src/modules/plan-engine/test-support.ts';
import { inject } from '../../apps/api/src/test/harness.ts';
import type { BenchConsole } from './console.ts';

/** A simulated channel of a new account with one active scenario (a text box), made through the API by its staff. */
export async function scenarioChannel(bench: BenchConsole, sim: LineSimulator) {
  const account = await bench.factory.account();
  const { row, channel } = await bench.factory.simulatedChannel(account.id, sim);
  const authority = await bench.factory.staffAuthority(account.id, permissionsWith('edit', true));
  const staff = await bench.factory.user('service', {
    accountId: account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [row.id],
  });
  const as = { token: await bench.factory.login('service', staff.email), lineAccountId: row.id };
  const plan = await activePlan({ request: (options) => inject(bench.app, options) }, as, simplePlan('scenario'));
  return { row, channel, as, planId: plan.plan.id!, planActionId: plan.plan_actions[0]!.id! };
}
