import { z } from 'zod';
import { dataOf, id, idParams, listOf } from '../common.ts';
import { isCalendarDate } from '../friends.ts';
import { endpoint, publicAccess, sessionOf } from '../http.ts';
import {
  FORM_ANSWER_PAGE_SIZE,
  FORM_PAGE_SIZE,
  form,
  formAnswer,
  formHistoryEntry,
  formInput,
  formSummary,
  publicAnswerInput,
  publicAnswerResult,
  publicForm,
  publicFormQuery,
  publicUpload,
} from './model.ts';

export const formListQuery = z.object({
  folder_id: id.optional(),
  /** Name or title search (anywhere, case-insensitive). */
  name: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FORM_PAGE_SIZE),
});
export type FormListQuery = z.input<typeof formListQuery>;

const calendarDate = z
  .string()
  .refine(isCalendarDate, { message: '存在する日付を YYYY-MM-DD の形式で入力してください' });
/** Answers' filters: the friend's name (LINE or console name), JST days answered (both inclusive). */
export const formAnswerFilterQuery = z.object({
  friend_name: z.string().trim().max(255).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
export const formAnswerListQuery = formAnswerFilterQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FORM_ANSWER_PAGE_SIZE),
});
export type FormAnswerListQuery = z.input<typeof formAnswerListQuery>;
/** All the channel's answers, optionally of one form. */
export const channelFormAnswerListQuery = formAnswerListQuery.extend({ form_id: id.optional() });
export type ChannelFormAnswerListQuery = z.input<typeof channelFormAnswerListQuery>;

export const copyFormInput = z.object({ folder_id: z.number().int().min(1).nullable().optional() });

const access = sessionOf('service');
const view = { permission: { feature: 'forms', level: 'view' } } as const;
const edit = { permission: { feature: 'forms', level: 'edit' } } as const;
const base = '/service/forms';

/** The channel's answer forms (LineAccountId header). */
export const formsApi = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'Forms of the channel, newest first, by folder and name',
    access,
    ...view,
    query: formListQuery,
    response: listOf(form),
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:id`,
    summary: 'One form',
    access,
    ...view,
    params: idParams,
    response: dataOf(form),
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create a form',
    access,
    ...edit,
    body: formInput,
    response: dataOf(form),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/:id`,
    summary: 'Save a form; a change of its actions is recorded in its history',
    access,
    ...edit,
    params: idParams,
    body: formInput,
    response: dataOf(form),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    summary: 'Delete a form with its answers (the client asks first when answer_count > 0)',
    access,
    ...edit,
    params: idParams,
    response: dataOf(z.object({ id: z.number().int() })),
  }),
  copy: endpoint({
    method: 'POST',
    path: `${base}/:id/copy`,
    summary: 'Copy a form without its answers (name + "のコピー")',
    access,
    ...edit,
    params: idParams,
    body: copyFormInput,
    response: dataOf(form),
    successStatus: 201,
  }),
  history: endpoint({
    method: 'GET',
    path: `${base}/:id/history`,
    summary: "The form's recorded changes (who, when, actions before and after), newest first",
    access,
    ...view,
    params: idParams,
    response: dataOf(z.array(formHistoryEntry)),
  }),
  answers: endpoint({
    method: 'GET',
    path: `${base}/:id/answers`,
    summary: "The form's answers, newest first, filtered by friend name and JST days",
    access,
    ...view,
    params: idParams,
    query: formAnswerListQuery,
    response: listOf(formAnswer),
  }),
  summary: endpoint({
    method: 'GET',
    path: `${base}/:id/summary`,
    summary: 'Per question: answered count and, for choices, the count per option',
    access,
    ...view,
    params: idParams,
    query: formAnswerFilterQuery,
    response: dataOf(formSummary),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: `${base}/:id/answers/export`,
    summary: "The form's answers as CSV (UTF-8 with BOM, formula cells neutralised); needs the exports feature too",
    access,
    permission: {
      allOf: [
        { feature: 'forms', level: 'view' },
        { feature: 'exports', level: 'view' },
      ],
    },
    params: idParams,
    query: formAnswerFilterQuery,
    response: z.string().describe('text/csv'),
    contentType: 'text/csv',
  }),
  allAnswers: endpoint({
    method: 'GET',
    path: '/service/form_answers',
    summary: "Answers across the channel's forms, newest first (the service-form screen)",
    access,
    ...view,
    query: channelFormAnswerListQuery,
    response: listOf(formAnswer),
  }),
  answer: endpoint({
    method: 'GET',
    path: '/service/form_answers/:id',
    summary: 'One answer',
    access,
    ...view,
    params: idParams,
    response: dataOf(formAnswer),
  }),
  ofFriend: endpoint({
    method: 'GET',
    path: '/service/friends/:friend_id/form_answers',
    summary: "A friend's answers, newest first",
    access,
    ...view,
    params: z.object({ friend_id: id }),
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(FORM_ANSWER_PAGE_SIZE),
    }),
    response: listOf(formAnswer),
  }),
};

/**
 * Public (no session): the /form page. Who answers is told only by the signed link's token `t`
 * (a friend) or the form's public code `c` (anonymous, when the form allows it); never by a friend
 * or LINE user id in the request.
 */
export const formPublicApi = {
  view: endpoint({
    method: 'GET',
    path: '/public/forms',
    summary:
      'The form to answer by a friend link (t) or public code (c): its state (open, scheduled, closed, full, expired, answered) and fields; 404 for an unknown or tampered link',
    access: publicAccess,
    query: publicFormQuery,
    response: dataOf(publicForm),
  }),
  answer: endpoint({
    method: 'POST',
    path: '/public/forms/answers',
    summary:
      'Submit an answer (saved once per submission_id); 422 errors by "values.<field key>", 409 when the form is not open to it (errors says why), 410 for an expired link',
    access: publicAccess,
    permission: { none: 'the public form page: the signed link or public code decides who answers' },
    body: publicAnswerInput,
    response: dataOf(publicAnswerResult),
    successStatus: 201,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/public/forms/uploads',
    summary:
      'Upload an image for an image field (multipart/form-data, field "file", with t or c in the query): JPEG/PNG/GIF/WebP as other uploads; 422 errors.file with the reason',
    access: publicAccess,
    permission: { none: 'the public form page: the signed link or public code decides who uploads' },
    query: publicFormQuery,
    response: dataOf(publicUpload),
    successStatus: 201,
  }),
};
