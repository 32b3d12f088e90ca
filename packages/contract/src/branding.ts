import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint, publicAccess } from './http.ts';

export const themeColours = z.object({
  primary_color: z.string(),
  header_color: z.string(),
  sider_color: z.string(),
});
export const oemBranding = z.object({
  id: z.number().int(),
  service_name: z.string(),
  domain: z.string(),
  is_default: z.boolean(),
  image_urls: z.object({ favicon_url: z.string(), logo_url: z.string().nullable() }),
  theme: themeColours,
});
export type OemBranding = z.infer<typeof oemBranding>;

export const brandingApi = {
  byDomain: endpoint({
    method: 'GET',
    path: '/oems',
    summary: 'Branding of the OEM serving a host name (the default OEM for unknown hosts)',
    access: publicAccess,
    query: z.object({ domain: z.string().trim().max(253).default('') }),
    response: dataOf(oemBranding),
  }),
};
