import type { ModuleManifest } from '../platform/module.ts';
import { manifest as branding } from './branding/manifest.ts';
import { manifest as links } from './links/manifest.ts';
import { manifest as sessions } from './sessions/manifest.ts';
import { manifest as passwords } from './passwords/manifest.ts';
import { manifest as mail } from './mail/manifest.ts';
import { manifest as lineAccounts } from './line-accounts/manifest.ts';
import { manifest as staffAuthorities } from './staff-authorities/manifest.ts';
import { manifest as accountUsers } from './account-users/manifest.ts';
import { manifest as adminLineAccounts } from './admin-line-accounts/manifest.ts';
import { manifest as simulator } from './simulator/manifest.ts';
import { manifest as folders } from './folders/manifest.ts';
import { manifest as labels } from './labels/manifest.ts';
import { manifest as tags } from './tags/manifest.ts';
import { manifest as marks } from './marks/manifest.ts';
import { manifest as friends } from './friends/manifest.ts';
import { manifest as audience } from './audience/manifest.ts';
import { manifest as tutorials } from './tutorials/manifest.ts';
import { manifest as webhooks } from './webhooks/manifest.ts';
import { manifest as talks } from './talks/manifest.ts';
import { manifest as delivery } from './delivery/manifest.ts';
import { manifest as files } from './files/manifest.ts';
import { manifest as templates } from './templates/manifest.ts';
import { manifest as plans } from './plans/manifest.ts';
import { manifest as planEngine } from './plan-engine/manifest.ts';
import { manifest as planAnalysis } from './plan-analysis/manifest.ts';
import { manifest as friendPlans } from './friend-plans/manifest.ts';
import { manifest as richMenus } from './rich-menus/manifest.ts';
import { manifest as addresses } from './addresses/manifest.ts';
import { manifest as inflows } from './inflows/manifest.ts';
import { manifest as conversions } from './conversions/manifest.ts';
import { manifest as forms } from './forms/manifest.ts';
import { manifest as metrics } from './metrics/manifest.ts';
import { manifest as abnormalDetection } from './abnormal-detection/manifest.ts';
import { manifest as dashboard } from './dashboard/manifest.ts';
import { manifest as lineInsight } from './line-insight/manifest.ts';
import { manifest as inquiries } from './inquiries/manifest.ts';
import { manifest as oemPlans } from './oem-plans/manifest.ts';
import { manifest as agencies } from './agencies/manifest.ts';
import { manifest as agencyUsers } from './agency-users/manifest.ts';
import { manifest as agencyAccounts } from './agency-accounts/manifest.ts';
import { manifest as agencyContracts } from './agency-contracts/manifest.ts';
import { manifest as agencyDashboard } from './agency-dashboard/manifest.ts';
import { manifest as agencyNotices } from './agency-notices/manifest.ts';
import { manifest as accounts } from './accounts/manifest.ts';
import { manifest as admins } from './admins/manifest.ts';
import { manifest as adminOemOptions } from './admin-oem-options/manifest.ts';
import { manifest as oems } from './oems/manifest.ts';
import { manifest as oemPrivacy } from './oem-privacy/manifest.ts';
import { manifest as news } from './news/manifest.ts';
import { manifest as adminHome } from './admin-home/manifest.ts';
import { manifest as planLimits } from './plan-limits/manifest.ts';
import { manifest as accountInfo } from './account-info/manifest.ts';
import { manifest as channelExports } from './channel-exports/manifest.ts';
import { manifest as channelCutovers } from './channel-cutovers/manifest.ts';
import { manifest as billing } from './billing/manifest.ts';
import { manifest as friendImports } from './friend-imports/manifest.ts';

/**
 * Every feature module, by its manifest (platform/module.ts): the app assembles their routes, jobs,
 * subscribers, outbox consumers, registry contributions and isolation probes. A new feature is its
 * folder plus one line here. The order is the order subscribers of one event run in, and the order of
 * the isolation matrix's fixtures (a module's may name those of the modules before it).
 */
export const modules: readonly ModuleManifest[] = [
  branding,
  links,
  sessions,
  passwords,
  mail,
  lineAccounts,
  staffAuthorities,
  accountUsers,
  adminLineAccounts,
  simulator,
  folders,
  labels,
  tags,
  marks,
  friends,
  audience,
  tutorials,
  webhooks,
  talks,
  delivery,
  files,
  templates,
  plans,
  planEngine,
  planAnalysis,
  friendPlans,
  richMenus,
  addresses,
  inflows,
  conversions,
  forms,
  metrics,
  abnormalDetection,
  dashboard,
  lineInsight,
  inquiries,
  oemPlans,
  agencies,
  agencyUsers,
  accounts,
  agencyAccounts,
  agencyContracts,
  agencyDashboard,
  agencyNotices,
  admins,
  adminOemOptions,
  oems,
  oemPrivacy,
  news,
  adminHome,
  planLimits,
  accountInfo,
  channelExports,
  channelCutovers,
  billing,
  friendImports,
];
