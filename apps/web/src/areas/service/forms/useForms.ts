import {
  allows,
  formsApi,
  type ChannelFormAnswerListQuery,
  type Form,
  type FormAnswerListQuery,
  type FormInput,
  type FormListQuery,
} from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints, queryClient } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { useSession } from '../../../app/session.ts';

/*
 * Server data of the form screens (TanStack Query, keyed by the tab's channel): forms, one form, its
 * answers, summaries and history, every answer of the channel, a friend's answers; and the writes.
 */

export function useFormList(query: FormListQuery) {
  const channel = useSelectedChannelId();
  return useQuery({
    ...endpointQuery(formsApi.list, { query }),
    enabled: channel !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every form of the channel (pickers: the answers filter, the message builder's form link). */
export function useAllForms(): Form[] {
  const channel = useSelectedChannelId();
  const forms = useQuery({
    ...endpointQuery(formsApi.list, { query: { page: 1, limit: 100 } }),
    enabled: channel !== null,
  });
  return useMemo(() => forms.data?.data ?? [], [forms.data]);
}

export const formQuery = (id: number) => ({
  ...endpointQuery(formsApi.get, { params: { id } }, { handles: [404] }),
  staleTime: 0,
});

export function useFormAnswers(formId: number, query: FormAnswerListQuery, enabled = true) {
  return useQuery({
    ...endpointQuery(formsApi.answers, { params: { id: formId }, query }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useChannelAnswers(query: ChannelFormAnswerListQuery, enabled = true) {
  const channel = useSelectedChannelId();
  return useQuery({
    ...endpointQuery(formsApi.allAnswers, { query }),
    enabled: enabled && channel !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCanEditForms(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'forms', level: 'edit' });
}

export function useCanViewForms(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'forms', level: 'view' });
}

export function useCanExport(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'exports', level: 'view' });
}

/** After a write: every form read reloads, and a saved form is what its page shows. */
export async function formsChanged(saved?: Form): Promise<void> {
  if (saved) queryClient.setQueryData(formQuery(saved.id).queryKey, { data: saved });
  await invalidateEndpoints(formsApi.list, formsApi.get, formsApi.history);
}

/** Creates or saves a form; a refused one rejects with the ApiError (422 goes onto the builder). */
export async function saveForm(id: number | null, input: FormInput): Promise<Form> {
  const { data } =
    id === null
      ? await call(formsApi.create, { body: input }, { handles: [422] })
      : await call(formsApi.update, { params: { id }, body: input }, { handles: [422] });
  await formsChanged(data);
  return data;
}

export async function copyForm(id: number): Promise<Form> {
  const { data } = await call(formsApi.copy, { params: { id }, body: {} });
  await formsChanged();
  return data;
}

export async function removeForm(id: number): Promise<void> {
  await call(formsApi.remove, { params: { id } });
  await formsChanged();
  await invalidateEndpoints(formsApi.allAnswers, formsApi.ofFriend);
}
