import type { Feature, Permissions, Role } from '@linq/contract';
import type { Messages } from './i18n/ja.ts';

export type MenuIconName =
  | 'home'
  | 'dashboard'
  | 'team'
  | 'message'
  | 'tag'
  | 'flag'
  | 'template'
  | 'scenario'
  | 'chart'
  | 'menu'
  | 'form'
  | 'inflow'
  | 'conversion'
  | 'alert'
  | 'question'
  | 'info'
  | 'user'
  | 'safety'
  | 'plan'
  | 'payment'
  | 'import'
  | 'bank'
  | 'line'
  | 'news'
  | 'setting'
  | 'send'
  | 'contract'
  | 'key';

export interface MenuItem {
  path: string;
  label: keyof Messages['menu'];
  icon: MenuIconName;
  /** Service feature the item opens; hidden when the staff authority grants it 'none'. */
  feature?: Feature;
  /** Paths under this prefix highlight the item (defaults to `path`). */
  section?: string;
  /** The platform's own data: hidden from OEM partners' admins. */
  platformOnly?: true;
  /** Agency managers' screens: hidden from agency members. */
  managersOnly?: true;
}

const TEMPLATES_DEFAULT_TYPE = 'text_message';

export const AREA_MENUS: Readonly<Record<Role, readonly MenuItem[]>> = {
  service: [
    { path: '/service', label: 'home', icon: 'home', feature: 'dashboard' },
    { path: '/service/dashboard', label: 'dashboard', icon: 'dashboard', feature: 'dashboard' },
    { path: '/service/friends', label: 'friends', icon: 'team', feature: 'friends' },
    { path: '/service/talks', label: 'talks', icon: 'message', feature: 'talks' },
    { path: '/service/tags', label: 'tags', icon: 'tag', feature: 'tags' },
    { path: '/service/marks', label: 'marks', icon: 'flag', feature: 'marks' },
    {
      path: `/service/templates/${TEMPLATES_DEFAULT_TYPE}`,
      section: '/service/templates',
      label: 'templates',
      icon: 'template',
      feature: 'templates',
    },
    { path: '/service/plans', label: 'plans', icon: 'scenario', feature: 'plans' },
    { path: '/service/plan-analysis', label: 'planAnalysis', icon: 'chart', feature: 'plan_analysis' },
    { path: '/service/rich-menu', label: 'richMenus', icon: 'menu', feature: 'rich_menus' },
    { path: '/service/forms', label: 'forms', icon: 'form', feature: 'forms' },
    { path: '/service/service-form', label: 'formAnswers', icon: 'form', feature: 'forms' },
    { path: '/service/inflows', label: 'inflows', icon: 'inflow', feature: 'inflows' },
    { path: '/service/conversions', label: 'conversions', icon: 'conversion', feature: 'conversions' },
    { path: '/service/abnormal-detection', label: 'abnormalDetection', icon: 'alert', feature: 'abnormal_detection' },
    { path: '/service/inquiry', label: 'inquiry', icon: 'question' },
  ],
  account: [
    { path: '/account', label: 'channels', icon: 'line' },
    { path: '/account/info', label: 'info', icon: 'info' },
    { path: '/account/users', label: 'users', icon: 'user' },
    { path: '/account/staff_authorities', label: 'staffAuthorities', icon: 'safety' },
    { path: '/account/payment_plan', label: 'paymentPlan', icon: 'plan' },
    { path: '/account/payment', label: 'payment', icon: 'payment' },
    { path: '/account/takeovers', label: 'takeovers', icon: 'import' },
  ],
  admin: [
    { path: '/admin', label: 'home', icon: 'home' },
    { path: '/admin/accounts', label: 'accounts', icon: 'team' },
    { path: '/admin/admins', label: 'admins', icon: 'user' },
    { path: '/admin/agencies', label: 'agencies', icon: 'bank' },
    { path: '/admin/line-accounts', label: 'lineAccounts', icon: 'line' },
    { path: '/admin/news', label: 'news', icon: 'news' },
    { path: '/admin/oem', label: 'oem', icon: 'setting' },
    { path: '/admin/oem-account', label: 'oemAccount', icon: 'user' },
    { path: '/admin/oem-plan', label: 'oemPlan', icon: 'plan' },
    { path: '/admin/oem-privacy', label: 'oemPrivacy', icon: 'safety' },
    {
      path: `/admin/teppan/templates/${TEMPLATES_DEFAULT_TYPE}`,
      section: '/admin/teppan/templates',
      label: 'teppanTemplates',
      icon: 'template',
      platformOnly: true,
    },
  ],
  agency: [
    { path: '/agency', label: 'home', icon: 'home' },
    { path: '/agency/dashboard', label: 'dashboard', icon: 'dashboard' },
    { path: '/agency/send', label: 'send', icon: 'send' },
    { path: '/agency/accounts', label: 'accounts', icon: 'team' },
    { path: '/agency/contracts', label: 'contracts', icon: 'contract' },
    { path: '/agency/users', label: 'agencyUsers', icon: 'user', managersOnly: true },
    { path: '/agency/change-password', label: 'changePassword', icon: 'key' },
  ],
};

/**
 * Items the user may open: service items whose feature the staff authority grants 'none' are hidden,
 * platform-only items from anyone but a platform admin, and managers' items from agency members.
 */
export function visibleMenuItems(
  items: readonly MenuItem[],
  permissions: Permissions | null,
  platformAdmin = false,
  agencyMember = false,
): MenuItem[] {
  return items.filter(
    (item) =>
      (!item.feature || !permissions || permissions.features[item.feature] !== 'none') &&
      (!item.platformOnly || platformAdmin) &&
      (!item.managersOnly || !agencyMember),
  );
}

/**
 * Where a staff member lands (after login, or opening `/service`): the service home, the dashboard,
 * when they may view it; otherwise the first screen of the menu they may open (the inquiry, open to
 * every staff member, when nothing else is granted).
 */
export function serviceLanding(permissions: Permissions): string {
  const [first] = visibleMenuItems(AREA_MENUS.service, permissions);
  return first?.path ?? '/service/inquiry';
}

/** The item whose section is the longest prefix of the path. */
export function selectedMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  let best: MenuItem | undefined;
  for (const item of items) {
    const section = item.section ?? item.path;
    const inSection = pathname === section || pathname.startsWith(`${section}/`);
    if (inSection && (!best || section.length > (best.section ?? best.path).length)) best = item;
  }
  return best;
}
