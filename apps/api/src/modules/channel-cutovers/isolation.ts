import { INVALID, probes, type IsolationModule } from '../../test/isolation.ts';

/** Cutovers belong to the account: A's owner naming B's channel is refused (422, nothing queued). */
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/account/takeovers/cutovers': probes((a) => [
      { path: '/account/takeovers/cutovers', token: a.tokens.owner, answers: [200] },
      { path: '/account/takeovers/cutovers', token: a.tokens.staff, answers: [401] },
    ]),
    'POST /api/account/takeovers/cutovers': probes((a, b) => [
      {
        path: '/account/takeovers/cutovers',
        token: a.tokens.owner,
        body: { line_account_id: b.channels[0]!.id },
        answers: INVALID,
      },
      {
        path: '/account/takeovers/cutovers',
        token: a.tokens.agency,
        body: { line_account_id: a.channels[0]!.id },
        answers: [401],
      },
    ]),
  }),
};
