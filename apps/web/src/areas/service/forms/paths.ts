import { FORM_PAGE_ROUTE } from '@linq/contract';

export const FORMS_PATH = '/service/forms';
export const SERVICE_FORM_PATH = '/service/service-form';
export const createFormPath = (folderId: number | null) =>
  folderId === null ? `${FORMS_PATH}/create` : `${FORMS_PATH}/create?folder_id=${folderId}`;

/** The tabs of a form's page (`?tab=`): its answers (the default), summaries, the builder and its history. */
export const FORM_TABS = ['answers', 'summary', 'edit', 'history'] as const;
export type FormTab = (typeof FORM_TABS)[number];
export const formPath = (id: number, tab: FormTab = 'answers') =>
  tab === 'answers' ? `${FORMS_PATH}/${id}` : `${FORMS_PATH}/${id}?tab=${tab}`;
/** One answer opened on its form's page (the talk entry links here too). */
export const formAnswerPath = (formId: number, answerId: number) => `${FORMS_PATH}/${formId}?answer=${answerId}`;
export const friendPath = (friendId: number) => `/service/friends/${friendId}`;

/** A form's public address for anonymous answers, as an absolute URL to copy. */
export const publicFormUrl = (publicPath: string) =>
  publicPath.startsWith(FORM_PAGE_ROUTE) ? `${window.location.origin}${publicPath}` : publicPath;
