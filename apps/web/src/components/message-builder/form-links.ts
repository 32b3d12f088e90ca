import { allows, formsApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { endpointQuery } from '../../app/api/queries.ts';
import { areaOf } from '../../app/areas.ts';
import { useSelectedChannelId } from '../../app/channels/channels.ts';
import { useSession } from '../../app/session.ts';

export interface FormLinkOption {
  id: number;
  name: string;
}

const FORM_PICKER_LIMIT = 100;

/**
 * The channel's forms a message may link to (`{{form:<id>}}`, each friend's own link): in the service
 * area, for staff who may see forms; null where form links are not offered (teppan templates belong
 * to no channel).
 */
export function useFormLinkOptions(): FormLinkOption[] | null {
  const { pathname } = useLocation();
  const session = useSession('service');
  const channel = useSelectedChannelId();
  const enabled =
    areaOf(pathname) === 'service' &&
    channel !== null &&
    session !== null &&
    allows(session.permissions, { feature: 'forms', level: 'view' });
  const forms = useQuery({
    ...endpointQuery(formsApi.list, { query: { page: 1, limit: FORM_PICKER_LIMIT } }),
    enabled,
  });
  return useMemo(
    () => (enabled ? (forms.data?.data ?? []).map(({ id, name }) => ({ id, name })) : null),
    [enabled, forms.data],
  );
}
