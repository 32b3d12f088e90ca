import type { Feature, Role } from '@linq/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadChunk } from './app/chunks.ts';
import { prefetchingLoader, type ScreenPrefetch } from './app/channels/channels.ts';
import { ContentErrorBoundary } from './app/errors/ContentErrorBoundary.tsx';
import { BootSpinner, RouteErrorFallback } from './app/errors/RouteErrorFallback.tsx';
import type { RouteHandle } from './app/route-handle.ts';

/*
 * The route table of spec section 2. Every route matches exactly, sits under the root layout and loads
 * its page as its own chunk.
 */

/** `prefetch`: a service screen's first reads, started by its loader on a direct load. */
type PageModule = { default: ComponentType; prefetch?: ScreenPrefetch };

/** `feature`: the service feature the screen belongs to (the area layout refuses it when not granted). */
function page(
  path: string,
  title: RouteHandle['title'],
  importer: () => Promise<PageModule>,
  feature?: Feature,
): RouteObject {
  const handle: RouteHandle = feature ? { title, feature } : { title };
  return {
    path,
    handle,
    lazy: async () => {
      const module = await loadChunk(importer, path);
      return { Component: module.default, ...(module.prefetch ? { loader: prefetchingLoader(module.prefetch) } : {}) };
    },
  };
}

/** Screens that need no session: login, logged-out and password recovery. */
const authPages: RouteObject[] = [
  page('/admin/login', 'login', () => import('./areas/admin/login/AdminLoginPage.tsx')),
  page('/admin/logged-out', 'loggedOut', () => import('./areas/admin/logged-out/AdminLoggedOutPage.tsx')),
  page('/account/login', 'login', () => import('./areas/account/login/AccountLoginPage.tsx')),

  page('/account/logged-out', 'loggedOut', () => import('./areas/account/logged-out/AccountLoggedOutPage.tsx')),
  page('/agency/login', 'login', () => import('./areas/agency/login/AgencyLoginPage.tsx')),
  page(
    '/agency/forgot-password',
    'forgotPassword',
    () => import('./areas/agency/forgot-password/AgencyForgotPasswordPage.tsx'),
  ),
  page(
    '/agency/reset-password/:id',
    'resetPassword',
    () => import('./areas/agency/reset-password/AgencyResetPasswordPage.tsx'),
  ),
  page('/service/login', 'login', () => import('./areas/service/login/ServiceLoginPage.tsx')),
  page('/service/logged-out', 'loggedOut', () => import('./areas/service/logged-out/ServiceLoggedOutPage.tsx')),
  page(
    '/service/forgot-password',
    'forgotPassword',
    () => import('./areas/service/forgot-password/ServiceForgotPasswordPage.tsx'),
  ),
  page(
    '/service/reset-password',
    'resetPassword',
    () => import('./areas/service/reset-password/ServiceResetPasswordPage.tsx'),
  ),
];

/** The plan editor (create and edit): one import, so the entry lists its chunks once. */
const planEditPage = () => import('./areas/service/plans/PlanEditPage.tsx');
const richMenuEditPage = () => import('./areas/service/rich-menu/RichMenuEditPage.tsx');
const dashboardPage = () => import('./areas/service/dashboard/DashboardPage.tsx');

/** Screens inside each area's layout, behind its login. */
const areaPages: Record<Role, RouteObject[]> = {
  account: [
    page('/account', 'accountHome', () => import('./areas/account/home/AccountHomePage.tsx')),
    page('/account/info', 'accountInfo', () => import('./areas/account/info/AccountInfoPage.tsx')),
    page('/account/takeovers', 'takeovers', () => import('./areas/account/takeovers/TakeoversPage.tsx')),
    page('/account/payment_plan', 'paymentPlan', () => import('./areas/account/payment-plan/PaymentPlanPage.tsx')),
    page('/account/payment', 'payment', () => import('./areas/account/payment/PaymentPage.tsx')),
    page('/account/users', 'users', () => import('./areas/account/users/UsersListPage.tsx')),
    page('/account/users/create', 'userCreate', () => import('./areas/account/users/UserCreatePage.tsx')),
    page('/account/users/:id', 'userDetail', () => import('./areas/account/users/UserDetailPage.tsx')),
    page('/account/users/:id/edit', 'userEdit', () => import('./areas/account/users/UserEditPage.tsx')),
    page(
      '/account/staff_authorities',
      'staffAuthorities',
      () => import('./areas/account/staff-authorities/StaffAuthoritiesListPage.tsx'),
    ),
    page(
      '/account/staff_authorities/create',
      'staffAuthorityCreate',
      () => import('./areas/account/staff-authorities/StaffAuthorityCreatePage.tsx'),
    ),
    page(
      '/account/staff_authorities/:id',
      'staffAuthorityDetail',
      () => import('./areas/account/staff-authorities/StaffAuthorityDetailPage.tsx'),
    ),
    page(
      '/account/staff_authorities/:id/edit',
      'staffAuthorityEdit',
      () => import('./areas/account/staff-authorities/StaffAuthorityEditPage.tsx'),
    ),
  ],
  admin: [
    page('/admin', 'adminHome', () => import('./areas/admin/home/AdminHomePage.tsx')),
    page('/admin/news', 'news', () => import('./areas/admin/news/NewsListPage.tsx')),
    page('/admin/news/create', 'newsCreate', () => import('./areas/admin/news/NewsCreatePage.tsx')),
    page('/admin/news/edit/:id', 'newsEdit', () => import('./areas/admin/news/NewsEditPage.tsx')),
    page('/admin/accounts', 'accounts', () => import('./areas/admin/accounts/AccountsListPage.tsx')),
    page('/admin/accounts/create', 'accountCreate', () => import('./areas/admin/accounts/AccountCreatePage.tsx')),
    page('/admin/accounts/:id', 'accountDetail', () => import('./areas/admin/accounts/AccountDetailPage.tsx')),
    page('/admin/accounts/:id/edit', 'accountEdit', () => import('./areas/admin/accounts/AccountEditPage.tsx')),
    page('/admin/admins', 'admins', () => import('./areas/admin/admins/AdminsListPage.tsx')),
    page('/admin/admins/create', 'adminCreate', () => import('./areas/admin/admins/AdminCreatePage.tsx')),
    page('/admin/admins/edit/:id', 'adminEdit', () => import('./areas/admin/admins/AdminEditPage.tsx')),
    page('/admin/agencies', 'agencies', () => import('./areas/admin/agencies/AgenciesListPage.tsx')),
    page('/admin/agencies/create', 'agencyCreate', () => import('./areas/admin/agencies/AgencyCreatePage.tsx')),
    page('/admin/agencies/:id', 'agencyDetail', () => import('./areas/admin/agencies/AgencyDetailPage.tsx')),
    page('/admin/agencies/:id/edit', 'agencyEdit', () => import('./areas/admin/agencies/AgencyEditPage.tsx')),
    page('/admin/oem-plan', 'oemPlans', () => import('./areas/admin/oem-plans/OemPlansListPage.tsx')),
    page('/admin/oem-plan/create', 'oemPlanCreate', () => import('./areas/admin/oem-plans/OemPlanCreatePage.tsx')),
    page('/admin/oem-plan/edit/:id', 'oemPlanEdit', () => import('./areas/admin/oem-plans/OemPlanEditPage.tsx')),
    page('/admin/line-accounts', 'lineAccounts', () => import('./areas/admin/line-accounts/LineAccountsListPage.tsx')),
    page(
      '/admin/line-accounts/create',
      'lineAccountCreate',
      () => import('./areas/admin/line-accounts/LineAccountCreatePage.tsx'),
    ),
    page(
      '/admin/line-accounts/:id',
      'lineAccountDetail',
      () => import('./areas/admin/line-accounts/LineAccountDetailPage.tsx'),
    ),
    page(
      '/admin/line-accounts/:id/edit',
      'lineAccountEdit',
      () => import('./areas/admin/line-accounts/LineAccountEditPage.tsx'),
    ),
    page(
      '/admin/teppan/templates/:message_type',
      'teppanTemplates',
      () => import('./areas/admin/teppan/TeppanTemplatesPage.tsx'),
    ),
    page(
      '/admin/teppan/templates/:message_type/create',
      'teppanTemplateCreate',
      () => import('./areas/admin/teppan/TeppanTemplateEditPage.tsx'),
    ),
    page(
      '/admin/teppan/templates/:message_type/edit/:id',
      'teppanTemplateEdit',
      () => import('./areas/admin/teppan/TeppanTemplateEditPage.tsx'),
    ),
    page('/admin/oem', 'oems', () => import('./areas/admin/oem/OemsListPage.tsx')),
    page('/admin/oem/create', 'oemCreate', () => import('./areas/admin/oem/OemCreatePage.tsx')),
    page('/admin/oem/edit/:id', 'oemEdit', () => import('./areas/admin/oem/OemEditPage.tsx')),
    page('/admin/oem-account', 'oemAccount', () => import('./areas/admin/oem-account/OemAccountPage.tsx')),
    page('/admin/oem-privacy', 'oemPrivacy', () => import('./areas/admin/oem-privacy/OemPrivacyPage.tsx')),
  ],
  agency: [
    page('/agency', 'agencyHome', () => import('./areas/agency/dashboard/AgencyDashboardPage.tsx')),
    page('/agency/dashboard', 'dashboard', () => import('./areas/agency/dashboard/AgencyDashboardPage.tsx')),
    page(
      '/agency/change-password',
      'changePassword',
      () => import('./areas/agency/change-password/ChangePasswordPage.tsx'),
    ),
    page('/agency/send', 'send', () => import('./areas/agency/send/AgencySendPage.tsx')),
    page('/agency/accounts', 'accounts', () => import('./areas/agency/accounts/AccountsListPage.tsx')),
    page('/agency/accounts/create', 'accountCreate', () => import('./areas/agency/accounts/AccountCreatePage.tsx')),
    page('/agency/accounts/:id', 'accountDetail', () => import('./areas/agency/accounts/AccountDetailPage.tsx')),
    page('/agency/accounts/:id/edit', 'accountEdit', () => import('./areas/agency/accounts/AccountEditPage.tsx')),
    page('/agency/contracts', 'contracts', () => import('./areas/agency/contracts/ContractsListPage.tsx')),
    page('/agency/contracts/create', 'contractCreate', () => import('./areas/agency/contracts/ContractCreatePage.tsx')),
    page('/agency/contracts/:id', 'contractDetail', () => import('./areas/agency/contracts/ContractDetailPage.tsx')),
    page('/agency/contracts/:id/edit', 'contractEdit', () => import('./areas/agency/contracts/ContractEditPage.tsx')),
    page('/agency/users', 'agencyUsers', () => import('./areas/agency/users/UsersListPage.tsx')),
    page('/agency/users/:id', 'agencyUserDetail', () => import('./areas/agency/users/UserDetailPage.tsx')),
    page('/agency/users/:id/edit', 'agencyUserEdit', () => import('./areas/agency/users/UserEditPage.tsx')),
  ],
  service: [
    page('/service/friends', 'friends', () => import('./areas/service/friends/FriendsListPage.tsx'), 'friends'),
    page(
      '/service/friends/:id',
      'friendDetail',
      () => import('./areas/service/friends/FriendDetailPage.tsx'),
      'friends',
    ),
    page('/service/tags', 'tags', () => import('./areas/service/tags/TagsPage.tsx'), 'tags'),
    page('/service/marks', 'marks', () => import('./areas/service/marks/MarksPage.tsx'), 'marks'),
    page('/service/talks', 'talks', () => import('./areas/service/talks/TalksPage.tsx'), 'talks'),
    page('/service/talks/:id', 'talkDetail', () => import('./areas/service/talks/TalksPage.tsx'), 'talks'),
    page(
      '/service/templates/:message_type',
      'templates',
      () => import('./areas/service/templates/TemplatesPage.tsx'),
      'templates',
    ),
    page(
      '/service/templates/:message_type/create',
      'templateCreate',
      () => import('./areas/service/templates/TemplateEditPage.tsx'),
      'templates',
    ),
    page(
      '/service/templates/:message_type/edit/:id',
      'templateEdit',
      () => import('./areas/service/templates/TemplateEditPage.tsx'),
      'templates',
    ),
    page('/service/plans', 'plans', () => import('./areas/service/plans/PlansListPage.tsx'), 'plans'),
    page('/service/plans/create', 'planCreate', planEditPage, 'plans'),
    page('/service/plans/:id/edit', 'planEdit', planEditPage, 'plans'),
    page(
      '/service/plan-analysis',
      'planAnalyses',
      () => import('./areas/service/plans/analysis/PlanAnalysisListPage.tsx'),
      'plan_analysis',
    ),
    page(
      '/service/plan-analysis/:id',
      'planAnalysisDetail',
      () => import('./areas/service/plans/analysis/PlanAnalysisPage.tsx'),
      'plan_analysis',
    ),
    page('/service', 'serviceHome', dashboardPage, 'dashboard'),
    page('/service/dashboard', 'dashboard', dashboardPage, 'dashboard'),
    // Every staff member may ask the platform for help (the API's permission is none).
    page('/service/inquiry', 'inquiry', () => import('./areas/service/inquiry/InquiryPage.tsx')),
    page('/service/rich-menu', 'richMenus', () => import('./areas/service/rich-menu/RichMenusPage.tsx'), 'rich_menus'),
    page('/service/rich-menu/create', 'richMenuCreate', richMenuEditPage, 'rich_menus'),
    page('/service/rich-menu/:id/edit', 'richMenuEdit', richMenuEditPage, 'rich_menus'),
    page(
      '/service/conversions',
      'conversions',
      () => import('./areas/service/conversions/ConversionsPage.tsx'),
      'conversions',
    ),
    page('/service/forms', 'forms', () => import('./areas/service/forms/FormsPage.tsx'), 'forms'),
    page('/service/forms/create', 'formCreate', () => import('./areas/service/forms/FormCreatePage.tsx'), 'forms'),
    page('/service/forms/:id', 'formDetail', () => import('./areas/service/forms/FormDetailPage.tsx'), 'forms'),
    page('/service/service-form', 'formAnswers', () => import('./areas/service/forms/FormAnswersPage.tsx'), 'forms'),
    page('/service/inflows', 'inflows', () => import('./areas/service/inflows/InflowsPage.tsx'), 'inflows'),
    page(
      '/service/inflows/:id',
      'inflowDetail',
      () => import('./areas/service/inflows/InflowDetailPage.tsx'),
      'inflows',
    ),
    page(
      '/service/inflows/:id/Chart',
      'inflowChart',
      () => import('./areas/service/inflows/InflowChartPage.tsx'),
      'inflows',
    ),
    page(
      '/service/inflows/:id/Chart/ProfileChart',
      'inflowProfileChart',
      () => import('./areas/service/inflows/InflowProfileChartPage.tsx'),
      'inflows',
    ),
    page(
      '/service/abnormal-detection',
      'abnormalDetections',
      () => import('./areas/service/abnormal-detection/IncidentsPage.tsx'),
      'abnormal_detection',
    ),
    page(
      '/service/abnormal-detection/:id',
      'abnormalDetectionDetail',
      () => import('./areas/service/abnormal-detection/IncidentPage.tsx'),
      'abnormal_detection',
    ),
  ],
};

function areaRoute(role: Role): RouteObject {
  return {
    id: `${role}-area`,
    lazy: async () => {
      const [layout, headerTools, adminTools] = await Promise.all([
        loadChunk(() => import('./app/layout/AreaLayout.tsx'), role),
        role === 'service'
          ? loadChunk(() => import('./areas/service/phone-panel/ServiceHeaderTools.tsx'), role)
          : undefined,
        role === 'admin' ? loadChunk(() => import('./areas/admin/acting-oem/ActingOemPicker.tsx'), role) : undefined,
      ]);
      return layout.areaLayoutRoute(role, {
        HeaderTools: headerTools?.ServiceHeaderTools,
        AdminTools: adminTools?.ActingOemPicker,
      });
    },
    // A pathless level whose boundary shows page errors inside the area layout.
    children: [{ id: `${role}-pages`, ErrorBoundary: ContentErrorBoundary, children: areaPages[role] }],
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    lazy: async () => (await loadChunk(() => import('./app/layout/RootLayout.tsx'), 'root')).rootRoute,
    ErrorBoundary: RouteErrorFallback,
    HydrateFallback: BootSpinner,
    children: [
      {
        id: 'public',
        lazy: async () => (await loadChunk(() => import('./app/layout/PublicLayout.tsx'), 'public')).publicLayoutRoute,
        children: [
          page('/', 'landing', () => import('./areas/public/landing/LandingPage.tsx')),
          page('/redirects/:id', 'redirect', () => import('./areas/public/redirect/RedirectPage.tsx')),
          page('/rich-menu', 'publicRichMenu', () => import('./areas/public/rich-menu/RichMenuPage.tsx')),
          page('/links', 'links', () => import('./areas/public/conversion/ConversionPage.tsx')),
          page('/form', 'publicForm', () => import('./areas/public/form/FormPage.tsx')),
          page('/inflow', 'inflowLanding', () => import('./areas/public/inflow/InflowPage.tsx')),
          page('/privacy-policy', 'privacyPolicy', () => import('./areas/public/oem-pages/PrivacyPolicyPage.tsx')),
          page('/rule', 'rule', () => import('./areas/public/oem-pages/RulePage.tsx')),
        ],
      },
      {
        id: 'auth',
        lazy: async () => (await loadChunk(() => import('./app/layout/AuthLayout.tsx'), 'auth')).authLayoutRoute,
        children: authPages,
      },
      areaRoute('account'),
      areaRoute('admin'),
      areaRoute('agency'),
      areaRoute('service'),
      page('*', 'notFound', () => import('./areas/public/not-found/NotFoundPage.tsx')),
    ],
  },
];
