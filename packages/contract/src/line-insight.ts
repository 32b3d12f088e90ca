import { z } from 'zod';
import { dataOf, timestamp } from './common.ts';
import { endpoint, sessionOf } from './http.ts';

/*
 * LINE's own figures of the channel for a day (issue 27), as LINE's statistics report them
 * (insight.yml getNumberOfFollowers, getNumberOfMessageDeliveries). The worker reads them from LINE
 * into a table; the dashboard reads that table, never LINE. A day LINE has not counted yet (or
 * could not be read) is pending: its figures are null, never zeros.
 */

export const LINE_FIGURES_PENDING = [
  /** Not read from LINE yet. */
  'not_read',
  /** LINE has not counted the day yet (`unready`). */
  'unready',
  /** LINE does not count that day (`out_of_service`). */
  'out_of_service',
  /** LINE did not answer, or refused the call. */
  'unreachable',
] as const;
export type LineFiguresPending = (typeof LINE_FIGURES_PENDING)[number];

const count = z.number().int();

export const lineFigures = z.object({
  /** The JST day (YYYY-MM-DD) the figures are of: yesterday. */
  day: z.string(),
  /** Followers as of the day's end: null while pending. */
  followers: z.object({ followers: count, targeted_reaches: count, blocks: count }).nullable(),
  /** Messages LINE delivered that day, in all and per LINE's counter (apiPush, apiBroadcast, …): null while pending. */
  deliveries: z.object({ total: count, by_kind: z.record(z.string(), count) }).nullable(),
  /** Why a part is still missing (null: nothing missing). */
  pending: z.enum(LINE_FIGURES_PENDING).nullable(),
  /** When the worker last asked LINE (null: never). */
  checked_at: timestamp.nullable(),
});
export type LineFigures = z.infer<typeof lineFigures>;

export const lineInsightApi = {
  yesterday: endpoint({
    method: 'GET',
    path: '/service/dashboard/line_figures',
    summary: "Yesterday's followers, targeted reaches, blocks and deliveries as LINE reports them (read by the worker)",
    access: sessionOf('service'),
    permission: { feature: 'dashboard', level: 'view' },
    response: dataOf(lineFigures),
  }),
};
