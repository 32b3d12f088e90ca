import { dashboardTop } from '../dashboard/registry.ts';
import { planNames, planOfSend } from './dashboard-top-repository.ts';

/** The dashboard's top plans of the period: a plan delivery's source is its first plan send. */
export const planDashboardTop = dashboardTop({
  kind: 'plans',
  deliveries: { source: 'plan', itemOf: planOfSend },
  labels: planNames,
});
