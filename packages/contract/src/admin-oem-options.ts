import { z } from 'zod';
import { dataOf } from './common.ts';
import { anyAdmin, endpoint } from './http.ts';

export const oemOption = z.object({
  id: z.number().int(),
  name: z.string(),
  service_name: z.string(),
  is_default: z.boolean(),
});
export type OemOption = z.infer<typeof oemOption>;

export const adminOemOptionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/oem_options',
    summary: 'The OEMs the admin may act on (id and names), for the admin header’s OEM picker',
    access: anyAdmin,
    response: dataOf(z.array(oemOption)),
  }),
};
