import { z } from 'zod';
import { dataOf, idNumber, idParams, timestamp } from './common.ts';
import { endpoint, heldBy, heldByOrStaff } from './http.ts';

/*
 * Takeovers (引き継ぎ), leaving side: the full export of a channel (one ZIP of CSV and JSON with a
 * README of the columns), built in the background and downloadable by the account owner only; and
 * the clean cutover, which clears the previous tool's rich menus from a channel on LINE.
 */

export const CHANNEL_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ChannelExportStatus = (typeof CHANNEL_EXPORT_STATUSES)[number];

/** How long a finished export stays downloadable; the file is deleted afterwards. */
export const CHANNEL_EXPORT_RETENTION_DAYS = 7;

export const channelExport = z.object({
  id: z.number().int(),
  line_account_id: z.number().int(),
  line_account_name: z.string(),
  status: z.enum(CHANNEL_EXPORT_STATUSES),
  /** 0-100 while running. */
  progress: z.number().int(),
  /** Bytes of the ZIP once done. */
  byte_size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
  expires_at: timestamp.nullable(),
});
export type ChannelExport = z.infer<typeof channelExport>;

export const channelChoice = z.object({ line_account_id: idNumber });

export const CUTOVER_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CutoverStatus = (typeof CUTOVER_STATUSES)[number];

export const channelCutover = z.object({
  id: z.number().int(),
  line_account_id: z.number().int(),
  line_account_name: z.string(),
  status: z.enum(CUTOVER_STATUSES),
  /** Friends who had a per-user rich menu on LINE and were unlinked. */
  unlinked_friends: z.number().int().nullable(),
  /** Whether LINE had a default rich menu that was cancelled. */
  default_cleared: z.boolean().nullable(),
  error: z.string().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type ChannelCutover = z.infer<typeof channelCutover>;

const owner = heldBy('account_owner');

export const channelExportsApi = {
  list: endpoint({
    method: 'GET',
    path: '/account/takeovers/exports',
    summary: "The account's full channel exports, newest first (date, size, status)",
    access: owner,
    response: dataOf(z.array(channelExport)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/takeovers/exports',
    summary: "Start a full export of one of the account's channels (built in the background)",
    access: owner,
    permission: { none: 'the account owner exports their own channels' },
    body: channelChoice,
    response: dataOf(channelExport),
    successStatus: 201,
  }),
  download: endpoint({
    method: 'GET',
    path: '/account/takeovers/exports/:id/download',
    summary: 'The ZIP of a finished export: the account owner only (a staff session is refused with 403)',
    // Staff sessions reach the handler so that they are told plainly it is the owner's (403).
    access: heldByOrStaff('account_owner'),
    channelScoped: false,
    params: idParams,
    response: z.string().describe('application/zip'),
    contentType: 'application/zip',
  }),
};

export const channelCutoversApi = {
  list: endpoint({
    method: 'GET',
    path: '/account/takeovers/cutovers',
    summary: "The account's clean cutovers (the previous tool's rich menus cleared), newest first",
    access: owner,
    response: dataOf(z.array(channelCutover)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/takeovers/cutovers',
    summary: "Clear the previous tool's rich menus of a channel on LINE (per-user menus and the default)",
    access: owner,
    permission: { none: 'the account owner clears their own channels' },
    body: channelChoice,
    response: dataOf(channelCutover),
    successStatus: 201,
  }),
};
