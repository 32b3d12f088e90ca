import { NOT_FOUND, notTenant, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    // Any caller follows a link by its random token (the friend who was sent it has no session):
    // the token's own link only, answering its address. A token that names no link finds nothing.
    'GET /api/public/redirects/:token': notTenant('acts on the token’s own link, answers only its address', (a) =>
      [a.tokens.staff, undefined].map((token) => ({
        path: '/public/redirects/AAAAAAAAAAAAAAAAAAAAAA',
        ...(token ? { token, lineAccountId: a.channels[0]!.id } : {}),
        answers: NOT_FOUND,
      })),
    ),
  }),
};
