import { z } from 'zod';
import { dataOf, email, id, timestamp } from './common.ts';
import { endpoint, heldBy, publicAccess, sessionOf, type Access, type Role } from './http.ts';
import { permissions } from './permissions.ts';
import { AGENCY_ROLES } from './agency-users.ts';
import { lineAccount } from './line-accounts.ts';

export const loginBody = z.object({ email, password: z.string().min(1, { message: '入力してください' }) });

const person = z.object({ id: z.number().int(), email: z.string(), name: z.string() });

const common = { user: person, expires_at: timestamp };
export const adminSession = z.object({
  role: z.literal('admin'),
  ...common,
  /** The OEM the admin belongs to. */
  oem: z.object({ id: z.number().int(), name: z.string(), service_name: z.string() }),
  /** An admin of the default OEM: acts on any OEM (the admin header's OEM picker). */
  platform: z.boolean(),
});
export const agencySession = z.object({
  role: z.literal('agency'),
  ...common,
  agency: z.object({ id: z.number().int(), name: z.string() }),
  /** Managers do everything; members see no users screen and no contract fees. */
  agency_role: z.enum(AGENCY_ROLES),
});
export const accountSession = z.object({
  role: z.literal('account'),
  ...common,
  account: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
});
export const serviceSession = z.object({
  role: z.literal('service'),
  ...common,
  account: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  staff_authority: z.object({ id: z.number().int(), name: z.string() }),
  permissions,
  line_accounts: z.array(lineAccount),
  /** Screens whose tutorial the user dismissed for good (spec section 3, User tutorial setting). */
  hide_tutorial_screens: z.array(z.string()),
});
export const sessionRecord = z.discriminatedUnion('role', [
  adminSession,
  agencySession,
  accountSession,
  serviceSession,
]);
export type SessionRecord = z.infer<typeof sessionRecord>;
export type SessionOf<R extends Role> = Extract<SessionRecord, { role: R }>;

/** Whoever holds a session of the role (the policy layer's holders above the channel). */
export function ownSessionAccess(role: Role): Access {
  switch (role) {
    case 'admin':
      return heldBy('platform_admin', 'oem_admin');
    case 'agency':
      return heldBy('agency_user');
    case 'account':
      return heldBy('account_owner');
    case 'service':
      return sessionOf('service');
  }
}

function sessionEndpoints<R extends Role, Shape extends z.ZodRawShape>(role: R, session: z.ZodObject<Shape>) {
  return {
    login: endpoint({
      method: 'POST',
      path: `/${role}/sessions`,
      summary: `Log in to the ${role} area`,
      access: publicAccess,
      permission: { none: 'login: the credentials are checked' },
      body: loginBody,
      response: dataOf(session.extend({ access_token: z.string() })),
      successStatus: 201,
    }),
    logout: endpoint({
      method: 'DELETE',
      path: `/${role}/sessions`,
      summary: `Log out of the ${role} area`,
      access: ownSessionAccess(role),
      permission: { none: "ends the caller's own session" },
      channelScoped: false,
      response: dataOf(z.object({ message: z.string() })),
    }),
    me: endpoint({
      method: 'GET',
      path: `/${role}/sessions/me`,
      summary: `The current ${role} session`,
      access: ownSessionAccess(role),
      channelScoped: false,
      response: dataOf(session),
    }),
  };
}

export const sessionsApi = {
  admin: sessionEndpoints('admin', adminSession),
  agency: sessionEndpoints('agency', agencySession),
  account: sessionEndpoints('account', accountSession),
  service: sessionEndpoints('service', serviceSession),
};

export const userIdParams = z.object({ id });
