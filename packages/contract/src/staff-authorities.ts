import { z } from 'zod';
import { dataOf, id, idParams, listOf, okMessage, optionalText, pageQuery, requiredText, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';
import { permissions } from './permissions.ts';

export const staffAuthority = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions,
  user_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type StaffAuthority = z.infer<typeof staffAuthority>;

export const staffAuthorityInput = z.object({
  id: id.optional(),
  name: requiredText(100),
  description: optionalText(500).default(''),
  permissions,
});
export type StaffAuthorityInput = z.input<typeof staffAuthorityInput>;

export const staffAuthorityListQuery = pageQuery.extend({ q: z.string().trim().max(100).optional() });

const access = heldBy('account_owner');
const owner = { none: 'the account owner manages every staff authority of the account' };

export const staffAuthoritiesApi = {
  list: endpoint({
    method: 'GET',
    path: '/account/staff_authorities',
    summary: 'Staff authorities of the account',
    access,
    query: staffAuthorityListQuery,
    response: listOf(staffAuthority),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/staff_authorities/:id',
    summary: 'One staff authority',
    access,
    params: idParams,
    response: dataOf(staffAuthority),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/staff_authorities',
    summary: 'Create a staff authority',
    access,
    permission: owner,
    body: staffAuthorityInput,
    response: dataOf(staffAuthority),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/staff_authorities/:id',
    summary: 'Update a staff authority',
    access,
    permission: owner,
    params: idParams,
    body: staffAuthorityInput,
    response: dataOf(staffAuthority),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/staff_authorities/:id',
    summary: 'Delete a staff authority no user holds',
    access,
    permission: owner,
    params: idParams,
    response: okMessage,
  }),
};
