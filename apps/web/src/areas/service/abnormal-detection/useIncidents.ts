import {
  abnormalDetectionApi as api,
  allows,
  type DetectionThresholds,
  type IncidentListQuery,
} from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { useSession } from '../../../app/session.ts';

/* Server data of the abnormal-detection screens (TanStack Query, keyed by the tab's channel). */

export const INCIDENTS_PATH = '/service/abnormal-detection';
export const incidentPath = (id: number) => `${INCIDENTS_PATH}/${id}`;

export function useIncidentList(query: IncidentListQuery) {
  return useQuery({ ...endpointQuery(api.list, { query }), placeholderData: keepPreviousData });
}

export function useIncident(id: number) {
  return useQuery({ ...endpointQuery(api.get, { params: { id } }, { handles: [404] }), enabled: id > 0 });
}

export function useDetectionSettings() {
  return useQuery(endpointQuery(api.settings, {}));
}

export async function actOnIncident(id: number, action: 'acknowledge' | 'resolve', comment: string) {
  const answer = await call(api[action], { params: { id }, body: { comment } }, { handles: [409] });
  await invalidateEndpoints(api.list, api.get);
  return answer.data;
}

export async function saveThresholds(thresholds: DetectionThresholds) {
  await call(api.saveThresholds, { body: thresholds }, { handles: [422] });
  await invalidateEndpoints(api.settings);
}

export async function saveNotify(notify: boolean) {
  await call(api.saveNotify, { body: { notify_me: notify } });
  await invalidateEndpoints(api.settings);
}

export function useCanEditDetection(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'abnormal_detection', level: 'edit' });
}
