import { permissionsWith } from '@linq/contract';
import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';

const authorityBody = (name: string) => ({
  name,
  description: '',
  permissions: permissionsWith('view', false),
});

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/account/staff_authorities': probes((a, b) => [
      {
        path: '/account/staff_authorities',
        token: a.tokens.owner,
        answers: [200],
        absentIds: [b.fullAuthority.id, b.viewAuthority.id],
      },
    ]),
    'GET /api/account/staff_authorities/:id': probes((a, b) => [
      { path: `/account/staff_authorities/${b.fullAuthority.id}`, token: a.tokens.owner, answers: NOT_FOUND },
    ]),
    'POST /api/account/staff_authorities': probes((a, b) => [
      // An id in the body never addresses an existing row: a create makes a new one of A's.
      {
        path: '/account/staff_authorities',
        token: a.tokens.owner,
        body: { ...authorityBody('probe'), id: b.fullAuthority.id },
        answers: [201],
      },
    ]),
    'PUT /api/account/staff_authorities/:id': probes((a, b) => [
      {
        path: `/account/staff_authorities/${b.fullAuthority.id}`,
        token: a.tokens.owner,
        body: authorityBody('hijack'),
        answers: NOT_FOUND,
      },
      {
        path: `/account/staff_authorities/${a.viewAuthority.id}`,
        token: a.tokens.owner,
        body: { ...authorityBody('hijack'), id: b.fullAuthority.id },
        answers: [400],
      },
    ]),
    'DELETE /api/account/staff_authorities/:id': probes((a, b) => [
      { path: `/account/staff_authorities/${b.viewAuthority.id}`, token: a.tokens.owner, answers: NOT_FOUND },
    ]),
  }),
};
