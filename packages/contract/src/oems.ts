import { z } from 'zod';
import { isRegistrationNumber, REGISTRATION_NUMBER_MESSAGE } from './account-info.ts';
import {
  dataOf,
  email,
  id,
  idParams,
  listOf,
  okMessage,
  optionalText,
  pageQuery,
  requiredText,
  timestamp,
} from './common.ts';
import { actingOemQuery } from './admin-scope.ts';
import { anyAdmin, endpoint, platformAdmin, publicAccess } from './http.ts';

/*
 * OEMs (admin area, platform admins): the white-label brands, their host names, images and theme
 * colours; the OEM's own company details (oem-account, its own admins too); and the public landing
 * of the OEM serving a host.
 */

export const DOMAIN_TAKEN_MESSAGE = (domain: string) => `このドメイン（${domain}）は既に使われています`;
export const DOMAIN_MESSAGE = 'ドメインは半角英数字とハイフン、ドットで入力してください（例: marketing.example.com）';
export const DOMAINS_REQUIRED = 'ドメインを1つ以上入力してください';
export const DOMAIN_REPEATED = 'ドメインが重複しています';
export const COLOUR_MESSAGE = '色は #RRGGBB の形式で入力してください';
export const IMAGE_PATH_MESSAGE = '画像はアップロードしてください';
export const DEFAULT_REQUIRED_MESSAGE = '既定のOEMは常に1つ必要です。別のOEMを既定にすると、このOEMの既定は外れます';
export const oemInUseMessage = (agencies: number, accounts: number) =>
  `このOEMには代理店が${agencies}件、アカウントが${accounts}件あるため削除できません。先に移すか削除してください。`;
export const DEFAULT_OEM_DELETE_MESSAGE = '既定のOEMは削除できません。';

/** Up to this many host names per OEM; the first is its primary domain. */
export const OEM_DOMAINS_MAX = 10;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A host name as DNS allows it (letters, digits, hyphens per label), lower case, without port or trailing dot. */
export function isHostName(domain: string): boolean {
  return domain.length <= 253 && domain.split('.').every((label) => LABEL.test(label));
}
export const normaliseDomain = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');

/** The OEM's host names: each a valid one, none twice; errors name the field `domains` as a whole. */
export const domainsInput = z
  .array(z.string().max(253, { message: DOMAIN_MESSAGE }))
  .max(OEM_DOMAINS_MAX, { message: `ドメインは${OEM_DOMAINS_MAX}個までです` })
  .transform((domains) => domains.map(normaliseDomain).filter((domain) => domain !== ''))
  .superRefine((domains, check) => {
    if (domains.length === 0) check.addIssue({ code: 'custom', message: DOMAINS_REQUIRED, input: domains });
    const invalid = domains.find((domain) => !isHostName(domain));
    if (invalid !== undefined) {
      check.addIssue({ code: 'custom', message: `${DOMAIN_MESSAGE}: ${invalid}`, input: domains });
    }
    if (new Set(domains).size !== domains.length) {
      check.addIssue({ code: 'custom', message: DOMAIN_REPEATED, input: domains });
    }
  });

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: COLOUR_MESSAGE });
/** An image of the console's own origin (an upload under /files, or a bundled asset): never another site's. */
const imagePath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!\/)[A-Za-z0-9._~/-]*$/, { message: IMAGE_PATH_MESSAGE });
const optionalEmail = z.union([z.literal(''), email]).optional();

export const oem = z.object({
  id: z.number().int(),
  name: z.string(),
  service_name: z.string(),
  /** The primary domain first. */
  domains: z.array(z.string()),
  is_default: z.boolean(),
  favicon_url: z.string(),
  logo_url: z.string().nullable(),
  support_email: z.string().nullable(),
  mail_from_name: z.string().nullable(),
  mail_from_address: z.string().nullable(),
  primary_color: z.string(),
  header_color: z.string(),
  sider_color: z.string(),
  landing_text: z.string().nullable(),
  agency_count: z.number().int(),
  account_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Oem = z.infer<typeof oem>;

export const oemInput = z.object({
  id: id.optional(),
  name: requiredText(100),
  service_name: requiredText(100),
  domains: domainsInput,
  is_default: z.boolean().default(false),
  favicon_url: imagePath,
  logo_url: z.union([z.literal(''), imagePath]).nullish(),
  support_email: optionalEmail,
  mail_from_name: optionalText(100).optional(),
  mail_from_address: optionalEmail,
  primary_color: colour,
  header_color: colour,
  sider_color: colour,
  landing_text: optionalText(2000).optional(),
});
export type OemInput = z.input<typeof oemInput>;

export const oemListQuery = pageQuery.extend({
  /** Matches the name, service name or a domain. */
  q: z.string().trim().max(100).optional(),
});

export const oemImage = z.object({ url: z.string() });

export const oemAccountAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['active', 'disabled']),
  last_login_at: timestamp.nullable(),
});

export const oemAccount = z.object({
  oem: z.object({ id: z.number().int(), name: z.string(), service_name: z.string(), domain: z.string() }),
  company_name: z.string().nullable(),
  company_address: z.string().nullable(),
  company_phone: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  billing_name: z.string().nullable(),
  billing_email: z.string().nullable(),
  /** The issuer's 適格請求書発行事業者登録番号 on its accounts' invoices. */
  invoice_registration_number: z.string().nullable(),
  landing_text: z.string().nullable(),
  admins: z.array(oemAccountAdmin),
  updated_at: timestamp,
});
export type OemAccount = z.infer<typeof oemAccount>;

const phone = z
  .string()
  .trim()
  .max(20, { message: '20文字以内で入力してください' })
  .regex(/^[0-9+\-() ]*$/, { message: '電話番号は半角数字とハイフンで入力してください' });

export const oemAccountInput = z.object({
  company_name: optionalText(100).optional(),
  company_address: optionalText(200).optional(),
  company_phone: phone.optional(),
  contact_name: optionalText(100).optional(),
  contact_email: optionalEmail,
  billing_name: optionalText(100).optional(),
  billing_email: optionalEmail,
  invoice_registration_number: optionalText(14)
    .refine((value) => value === '' || isRegistrationNumber(value), { message: REGISTRATION_NUMBER_MESSAGE })
    .optional(),
  landing_text: optionalText(2000).optional(),
});
export type OemAccountInput = z.input<typeof oemAccountInput>;

/** The public landing of the OEM serving a host. */
export const oemLanding = z.object({
  service_name: z.string(),
  logo_url: z.string().nullable(),
  landing_text: z.string().nullable(),
});

const platformOnly = { none: 'platform administrators manage every OEM' };
const ownOem = { none: 'an admin changes their own OEM, a platform admin the OEM they act on' };

export const oemsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/oems',
    summary: 'Every OEM (platform admins)',
    access: platformAdmin,
    query: oemListQuery,
    response: listOf(oem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/oems/:id',
    summary: 'One OEM (platform admins)',
    access: platformAdmin,
    params: idParams,
    response: dataOf(oem),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/oems',
    summary: 'Create an OEM with its domains, images and colours (platform admins)',
    access: platformAdmin,
    permission: platformOnly,
    body: oemInput,
    response: dataOf(oem),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/oems/:id',
    summary: 'Update an OEM; making it the default takes the flag from the previous one (platform admins)',
    access: platformAdmin,
    permission: platformOnly,
    params: idParams,
    body: oemInput,
    response: dataOf(oem),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/oems/:id',
    summary: 'Delete an OEM without agencies or accounts; never the default (platform admins)',
    access: platformAdmin,
    permission: platformOnly,
    params: idParams,
    response: okMessage,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: '/admin/oems/images',
    summary: 'Upload a favicon or logo (multipart/form-data, field "file", JPEG or PNG); answers its path',
    access: platformAdmin,
    permission: platformOnly,
    response: dataOf(oemImage),
    successStatus: 201,
  }),
  account: endpoint({
    method: 'GET',
    path: '/admin/oem_account',
    summary: 'The acting OEM’s company, contact and billing details, and its admins',
    access: anyAdmin,
    query: actingOemQuery,
    response: dataOf(oemAccount),
  }),
  updateAccount: endpoint({
    method: 'PUT',
    path: '/admin/oem_account',
    summary: 'Update the acting OEM’s company, contact and billing details and landing text',
    access: anyAdmin,
    permission: ownOem,
    query: actingOemQuery,
    body: oemAccountInput,
    response: dataOf(oemAccount),
  }),
  landing: endpoint({
    method: 'GET',
    path: '/public/oem_landing',
    summary: 'The landing page of the OEM serving a host (the default OEM for unknown hosts)',
    access: publicAccess,
    query: z.object({ domain: z.string().trim().max(253).default('') }),
    response: dataOf(oemLanding),
  }),
};
