import { z } from 'zod';
import { dataOf, idParams, listOf, pageQuery, timestamp } from './common.ts';
import { anyAdmin, endpoint, publicAccess } from './http.ts';
import { actingOemQuery } from './admin-scope.ts';

/*
 * The OEM's privacy policy and terms of use (Markdown, shown sanitized), versioned: each save is a
 * new version. Served publicly at /privacy-policy and /rule on the OEM's domain.
 */

export const OEM_PAGES = ['privacy_policy', 'terms'] as const;
export type OemPageKind = (typeof OEM_PAGES)[number];
export const OEM_PAGE_BODY_MAX = 50_000;

export const oemPageVersion = z.object({
  id: z.number().int(),
  kind: z.enum(OEM_PAGES),
  version: z.number().int(),
  body: z.string(),
  author_name: z.string(),
  created_at: timestamp,
});
export type OemPageVersion = z.infer<typeof oemPageVersion>;

export const oemPageVersionSummary = oemPageVersion.omit({ body: true });
export type OemPageVersionSummary = z.infer<typeof oemPageVersionSummary>;

export const oemPrivacy = z.object({
  oem: z.object({ id: z.number().int(), service_name: z.string(), domain: z.string() }),
  privacy_policy: oemPageVersion.nullable(),
  terms: oemPageVersion.nullable(),
});
export type OemPrivacy = z.infer<typeof oemPrivacy>;

export const oemPageInput = z.object({
  body: z
    .string()
    .trim()
    .min(1, { message: '入力してください' })
    .max(OEM_PAGE_BODY_MAX, { message: `${OEM_PAGE_BODY_MAX}文字以内で入力してください` }),
});

const kindParams = z.object({ kind: z.enum(OEM_PAGES) });

export const publicOemPage = z.object({
  service_name: z.string(),
  /** null: the OEM has not written it yet. */
  body: z.string().nullable(),
  version: z.number().int().nullable(),
  updated_at: timestamp.nullable(),
});

const ownOem = { none: 'an admin writes their own OEM’s texts, a platform admin those of the OEM they act on' };

export const oemPrivacyApi = {
  get: endpoint({
    method: 'GET',
    path: '/admin/oem_privacy',
    summary: 'The acting OEM’s current privacy policy and terms of use',
    access: anyAdmin,
    query: actingOemQuery,
    response: dataOf(oemPrivacy),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/admin/oem_privacy/:kind',
    summary: 'Save a new version of the acting OEM’s privacy policy or terms of use',
    access: anyAdmin,
    permission: ownOem,
    params: kindParams,
    query: actingOemQuery,
    body: oemPageInput,
    response: dataOf(oemPageVersion),
  }),
  versions: endpoint({
    method: 'GET',
    path: '/admin/oem_privacy/:kind/versions',
    summary: 'The versions of the acting OEM’s privacy policy or terms of use, newest first',
    access: anyAdmin,
    params: kindParams,
    query: actingOemQuery.extend(pageQuery.shape),
    response: listOf(oemPageVersionSummary),
  }),
  version: endpoint({
    method: 'GET',
    path: '/admin/oem_privacy/versions/:id',
    summary: 'One version of the acting OEM’s privacy policy or terms of use',
    access: anyAdmin,
    params: idParams,
    query: actingOemQuery,
    response: dataOf(oemPageVersion),
  }),
  publicPage: endpoint({
    method: 'GET',
    path: '/public/oem_pages/:kind',
    summary: 'The privacy policy or terms of use of the OEM serving a host (the default OEM for unknown hosts)',
    access: publicAccess,
    params: kindParams,
    query: z.object({ domain: z.string().trim().max(253).default('') }),
    response: dataOf(publicOemPage),
  }),
};
