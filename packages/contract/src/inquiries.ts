import { z } from 'zod';
import { dataOf, idNumber, listOf, pageQuery, refusingUnsafeText, timestamp } from './common.ts';
import { endpoint, sessionOf } from './http.ts';

/*
 * Support inquiries (issue 27): staff ask the platform; the channel and the user are attached by
 * the server, the inquiry is stored, e-mailed to the OEM's support address and listed with its status.
 */

export const INQUIRY_CATEGORIES = ['usage', 'trouble', 'billing', 'request', 'other'] as const;
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number];
export const INQUIRY_STATUSES = ['open', 'answered', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const INQUIRY_SUBJECT_MAX = 100;
export const INQUIRY_BODY_MAX = 5000;
export const INQUIRY_ATTACHMENTS_MAX = 5;

const inquiryFields = z.object({
  category: z.enum(INQUIRY_CATEGORIES),
  subject: z.string().trim().min(1).max(INQUIRY_SUBJECT_MAX),
  body: z.string().trim().min(1).max(INQUIRY_BODY_MAX),
  /** Images uploaded through `uploadAttachment` by the same user in the same channel. */
  attachment_ids: z.array(idNumber).max(INQUIRY_ATTACHMENTS_MAX),
});
export const inquiryInput = refusingUnsafeText(inquiryFields);
export type InquiryInput = z.infer<typeof inquiryFields>;

export const inquiryAttachment = z.object({ id: z.number().int(), url: z.string() });

export const inquiry = z.object({
  id: z.number().int(),
  category: z.enum(INQUIRY_CATEGORIES),
  subject: z.string(),
  body: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  attachments: z.array(inquiryAttachment),
  created_at: timestamp,
});
export type Inquiry = z.infer<typeof inquiry>;

const access = sessionOf('service');
/** Asking the platform for help is every staff member's, whatever they may change in the channel. */
const anyStaff = { permission: { none: 'any staff member of the channel may ask the platform for support' } } as const;

/** The signed-in staff member's inquiries about the channel (LineAccountId header). */
export const inquiriesApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/inquiries',
    summary: "The caller's inquiries about the channel, newest first, with their status",
    access,
    ...anyStaff,
    query: pageQuery,
    response: listOf(inquiry),
  }),
  uploadAttachment: endpoint({
    method: 'POST',
    path: '/service/inquiries/attachments',
    summary: 'Uploads one JPEG or PNG (multipart/form-data, field "file", at most 10 MB) to attach to an inquiry',
    access,
    ...anyStaff,
    response: dataOf(inquiryAttachment),
    successStatus: 201,
  }),
  create: endpoint({
    method: 'POST',
    path: '/service/inquiries',
    summary: "Sends an inquiry: stored with the channel and the caller, e-mailed to the OEM's support address",
    access,
    ...anyStaff,
    body: inquiryInput,
    response: dataOf(inquiry),
    successStatus: 201,
  }),
};
