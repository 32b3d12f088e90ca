import type { Endpoint } from './http.ts';
import { accountUsersApi } from './account-users.ts';
import { adminLineAccountsApi } from './admin-line-accounts.ts';
import { brandingApi } from './branding.ts';
import { deliveriesApi } from './deliveries.ts';
import { adminFoldersApi, serviceFoldersApi } from './folders.ts';
import { friendsApi, infoFieldsApi, tutorialsApi } from './friends.ts';
import { marksApi, tagsApi } from './labels.ts';
import { linksApi } from './links.ts';
import { lineAccountsApi } from './line-accounts.ts';
import { planAnalysisApi, plansApi, sendPlanApi } from './plans/api.ts';
import { friendPlansApi } from './plans/friend-plans.ts';
import { passwordsApi } from './passwords.ts';
import { sessionsApi } from './sessions.ts';
import { simulatorApi } from './simulator.ts';
import { staffAuthoritiesApi } from './staff-authorities.ts';
import { talksApi } from './talks.ts';
import { filesApi } from './files.ts';
import { teppanBrowseApi, teppanTemplatesApi, templatesApi } from './templates.ts';

/** Every endpoint of the API, for the OpenAPI document and the isolation matrix. */
export const allEndpoints: Endpoint[] = [
  ...Object.values(brandingApi),
  ...Object.values(sessionsApi).flatMap((role) => Object.values(role)),
  ...Object.values(passwordsApi).flatMap((role) => Object.values(role)),
  ...Object.values(lineAccountsApi),
  ...Object.values(staffAuthoritiesApi),
  ...Object.values(accountUsersApi),
  ...Object.values(adminLineAccountsApi),
  ...Object.values(friendsApi),
  ...Object.values(infoFieldsApi),
  ...Object.values(tutorialsApi),
  ...Object.values(simulatorApi),
  ...Object.values(serviceFoldersApi),
  ...Object.values(adminFoldersApi),
  ...Object.values(tagsApi),
  ...Object.values(marksApi),
  ...Object.values(talksApi),
  ...Object.values(deliveriesApi),
  ...Object.values(filesApi),
  ...Object.values(templatesApi),
  ...Object.values(teppanTemplatesApi),
  ...Object.values(teppanBrowseApi),
  ...Object.values(linksApi),
  ...Object.values(plansApi),
  ...Object.values(planAnalysisApi),
  ...Object.values(friendPlansApi),
  ...Object.values(sendPlanApi),
] as Endpoint[];
