import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { accountUserRoutes } from './account-users/routes.ts';
import { adminLineAccountRoutes } from './admin-line-accounts/routes.ts';
import { brandingRoutes } from './branding/routes.ts';
import { deliveryRoutes } from './delivery/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { folderRoutes } from './folders/routes.ts';
import { friendPlanRoutes } from './friend-plans/routes.ts';
import { friendRoutes } from './friends/routes.ts';
import { lineAccountRoutes } from './line-accounts/routes.ts';
import { linkRoutes } from './links/routes.ts';
import { markRoutes } from './marks/routes.ts';
import { planEngineSubscriptions } from './plan-engine/subscriptions.ts';
import { planAnalysisRoutes } from './plan-analysis/routes.ts';
import { planRoutes } from './plans/routes.ts';
import { passwordRoutes } from './passwords/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { simulatorRoutes } from './simulator/routes.ts';
import { staffAuthorityRoutes } from './staff-authorities/routes.ts';
import { talkRoutes } from './talks/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { templateRoutes } from './templates/routes.ts';
import { templateSubscriptions } from './templates/subscriptions.ts';
import { tutorialRoutes } from './tutorials/routes.ts';

/** Every feature module's routes, registered under /api. */
export const apiModules: Array<(app: FastifyInstance, ctx: AppContext) => void> = [
  brandingRoutes,
  sessionRoutes,
  passwordRoutes,
  lineAccountRoutes,
  staffAuthorityRoutes,
  accountUserRoutes,
  adminLineAccountRoutes,
  friendRoutes,
  simulatorRoutes,
  folderRoutes,
  talkRoutes,
  deliveryRoutes,
  fileRoutes,
  tagRoutes,
  markRoutes,
  tutorialRoutes,
  templateRoutes,
  linkRoutes,
  planRoutes,
  planAnalysisRoutes,
  friendPlanRoutes,
];

/**
 * Every module's domain-event subscribers (`<module>/subscriptions.ts`), wired once per process.
 * The events themselves are declared by the modules that publish them (`<module>/events.ts`).
 */
export function subscribeModules(ctx: AppContext): void {
  templateSubscriptions(ctx);
  planEngineSubscriptions(ctx);
}
