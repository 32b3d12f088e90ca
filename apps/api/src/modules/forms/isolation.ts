import { expect } from 'vitest';
import { NO_FORM_ACTIONS, type FormActions } from '@linq/contract';
import type { Tenant } from '../../test/factory.ts';
import { INVALID, NOT_FOUND, notTenant, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { fixturesOf as labelsOf } from '../labels/isolation.ts';
import { planIn } from '../plans/isolation.ts';
import { talkFriend } from '../talks/isolation.ts';
import { formAnswers, forms } from './schema.ts';

/** Per tenant's first channel: a form with an answer by the talk's friend (made below). */
const formFixtures = new Map<number, { form: number; answer: number }>();
const formIn = (tenant: Tenant) => formFixtures.get(tenant.channels[0]!.id)!.form;
const answerIn = (tenant: Tenant) => formFixtures.get(tenant.channels[0]!.id)!.answer;
const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });
/** A form body; `actions` names what the probe reaches for. */
const formBody = (actions: Partial<FormActions> = {}) => ({
  name: 'probe-form',
  title: 'probe',
  fields: [{ key: 'q', type: 'text', label: 'Q' }],
  actions: { ...NO_FORM_ACTIONS, ...actions },
});
/** Another tenant's tags, marks and plans in a form's actions: each refused. */
const foreignActions = (b: Tenant) => [
  { add_tag_ids: [labelsOf(b).tag] },
  { remove_mark_ids: [labelsOf(b).mark] },
  { plan_id: planIn(b).plan.id },
];

/** A's staff reaching for B's form by id (404); with B's channel in the header, 403. */
const byId = (path: (id: number) => string, body?: unknown): Entry =>
  probes((a, b) => [
    { path: path(formIn(b)), ...asA(a), answers: NOT_FOUND, ...(body ? { body } : {}) },
    { path: path(formIn(a)), ...inB(a, b), ...(body ? { body } : {}) },
  ]);

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    const db = t.runtime.ctx.database.db;
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [form] = await db
        .insert(forms)
        .values({
          lineAccountId,
          name: 'isolation',
          title: 'isolation',
          fields: [],
          settings: {
            opens_at: null,
            closes_at: null,
            max_answers: null,
            once_per_friend: true,
            editable: false,
            allow_anonymous: true,
            thank_you_message: '',
            redirect_url: null,
            after_message: { kind: 'none' },
          },
          actions: NO_FORM_ACTIONS,
          publicCode: `isolation-${lineAccountId}`,
        })
        .returning();
      expect(form).toBeDefined();
      const [answer] = await db
        .insert(formAnswers)
        .values({
          lineAccountId,
          formId: form!.id,
          friendId: talkFriend(tenant),
          submissionId: `isolation-${lineAccountId}`,
          values: { q: `answer of ${lineAccountId}` },
          items: [{ key: 'q', label: 'Q', type: 'text', text: `answer of ${lineAccountId}`, image_url: null }],
          answeredAt: new Date(),
        })
        .returning();
      formFixtures.set(lineAccountId, { form: form!.id, answer: answer!.id });
    }
  },
  routes: () => ({
    'GET /api/service/forms': probes((a, b) => [
      { path: '/service/forms', ...asA(a), answers: [200], absentIds: [formIn(b)] },
      { path: '/service/forms', ...inB(a, b) },
    ]),
    'GET /api/service/forms/:id': byId((id) => `/service/forms/${id}`),
    'POST /api/service/forms': probes((a, b) => [
      ...foreignActions(b).map((actions) => ({
        path: '/service/forms',
        ...asA(a),
        body: formBody(actions),
        answers: INVALID,
      })),
      { path: '/service/forms', ...inB(a, b), body: formBody() },
    ]),
    'PUT /api/service/forms/:id': probes((a, b) => [
      { path: `/service/forms/${formIn(b)}`, ...asA(a), body: formBody(), answers: NOT_FOUND },
      ...foreignActions(b).map((actions) => ({
        path: `/service/forms/${formIn(a)}`,
        ...asA(a),
        body: formBody(actions),
        answers: INVALID,
      })),
      { path: `/service/forms/${formIn(a)}`, ...inB(a, b), body: formBody() },
    ]),
    'DELETE /api/service/forms/:id': byId((id) => `/service/forms/${id}`),
    'POST /api/service/forms/:id/copy': byId((id) => `/service/forms/${id}/copy`, {}),
    'GET /api/service/forms/:id/history': byId((id) => `/service/forms/${id}/history`),
    'GET /api/service/forms/:id/answers': byId((id) => `/service/forms/${id}/answers`),
    'GET /api/service/forms/:id/summary': byId((id) => `/service/forms/${id}/summary`),
    'GET /api/service/forms/:id/answers/export': byId((id) => `/service/forms/${id}/answers/export`),
    'GET /api/service/form_answers': probes((a, b) => [
      { path: '/service/form_answers', ...asA(a), answers: [200], absentIds: [answerIn(b)] },
      { path: `/service/form_answers?form_id=${formIn(b)}`, ...asA(a), answers: [200], absentIds: [answerIn(b)] },
      { path: '/service/form_answers', ...inB(a, b) },
    ]),
    'GET /api/service/form_answers/:id': probes((a, b) => [
      { path: `/service/form_answers/${answerIn(b)}`, ...asA(a), answers: NOT_FOUND },
      { path: `/service/form_answers/${answerIn(a)}`, ...inB(a, b) },
    ]),
    'GET /api/service/friends/:friend_id/form_answers': probes((a, b) => [
      { path: `/service/friends/${talkFriend(b)}/form_answers`, ...asA(a), answers: NOT_FOUND },
      { path: `/service/friends/${talkFriend(a)}/form_answers`, ...inB(a, b) },
    ]),
    // The public page names its form by a signed link or a random public code only; anything else finds nothing.
    'GET /api/public/forms': notTenant('the public /form page: a signed friend link or a form’s random code', (a) => [
      { path: '/public/forms?t=forged.token', token: a.tokens.staff, answers: NOT_FOUND },
      { path: '/public/forms?c=unknown-code', answers: NOT_FOUND },
    ]),
    'POST /api/public/forms/answers': notTenant(
      'the public /form page: a signed friend link or a form’s random code',
      () => [
        {
          path: '/public/forms/answers',
          body: { t: 'forged.token', submission_id: 'probe-submission', values: {} },
          answers: NOT_FOUND,
        },
      ],
    ),
    'POST /api/public/forms/uploads': notTenant(
      'the public /form page: a signed friend link or a form’s random code',
      () => [{ path: '/public/forms/uploads?c=unknown-code', body: {}, answers: INVALID }],
    ),
  }),
};
