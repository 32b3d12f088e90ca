import { z } from 'zod';
import { dataOf, email, timestamp } from './common.ts';
import { endpoint, platformAdmin } from './http.ts';

/*
 * The demo's mail outbox: without an SMTP server (SMTP_URL unset) mails stay in the outbox, and a
 * platform admin can read those sent to one address (an invitation's set-password link). With SMTP
 * configured the endpoint does not exist (404).
 */

export const demoMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: timestamp,
});
export type DemoMail = z.infer<typeof demoMail>;

export const mailApi = {
  demoOutbox: endpoint({
    method: 'GET',
    path: '/admin/demo_outbox',
    summary: 'Mails kept in the outbox for one address, newest first (demo without SMTP only)',
    access: platformAdmin,
    query: z.object({ to: email }),
    response: dataOf(z.array(demoMail)),
  }),
};
