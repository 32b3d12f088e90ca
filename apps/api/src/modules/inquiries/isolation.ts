import { inChannel, probes, type IsolationModule } from '../../test/isolation.ts';

/** Inquiries are the caller's in the channel of the header: another channel's header answers 403. */
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/service/inquiries': inChannel('/service/inquiries', [200]),
    'POST /api/service/inquiries': probes((a, b) => [
      {
        path: '/service/inquiries',
        token: a.tokens.staff,
        lineAccountId: b.channels[0]!.id,
        answers: [403],
        body: { category: 'other', subject: 'probe', body: 'probe' },
      },
    ]),
    'POST /api/service/inquiries/attachments': inChannel('/service/inquiries/attachments', [422]),
  }),
};
