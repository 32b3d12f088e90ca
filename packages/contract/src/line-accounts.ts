import { z } from 'zod';
import { dataOf, idParams, requiredText } from './common.ts';
import { endpoint, heldByOrStaff } from './http.ts';

export const LINE_ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export const lineAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(LINE_ACCOUNT_STATUSES),
});
export type LineAccount = z.infer<typeof lineAccount>;

export const lineAccountUpdate = z.object({ name: requiredText(100) });

export const lineAccountsApi = {
  list: endpoint({
    method: 'GET',
    path: '/account/line_accounts',
    summary: 'Channels of the account (a staff user sees only the channels assigned to them)',
    access: heldByOrStaff('account_owner'),
    channelScoped: false,
    response: dataOf(z.array(lineAccount)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/line_accounts/:id',
    summary: 'One channel',
    access: heldByOrStaff('account_owner'),
    channelScoped: false,
    params: idParams,
    response: dataOf(lineAccount),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/line_accounts/:id',
    summary: 'Rename a channel (the owner, or staff who may edit the dashboard)',
    access: heldByOrStaff('account_owner'),
    permission: { feature: 'dashboard', level: 'edit' },
    channelScoped: false,
    params: idParams,
    body: lineAccountUpdate,
    response: dataOf(lineAccount),
  }),
};
