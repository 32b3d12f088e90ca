import {
  allows,
  conversionsApi,
  type ConversionPoint,
  type ConversionPointInput,
  type ConversionWebhookInput,
} from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { useSession } from '../../../app/session.ts';

/* The writes of the conversion screens; reads are endpoint queries keyed by the tab's channel. */

export function useCanEditConversions(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'conversions', level: 'edit' });
}

export function useCanExport(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'exports', level: 'view' });
}

const changed = () =>
  invalidateEndpoints(conversionsApi.list, conversionsApi.get, conversionsApi.breakdown, conversionsApi.ofFriend);

/** Creates or saves a point; a refused one rejects with the ApiError (422 goes onto the form). */
export async function savePoint(id: number | null, input: ConversionPointInput): Promise<ConversionPoint> {
  const { data } =
    id === null
      ? await call(conversionsApi.create, { body: input }, { handles: [422] })
      : await call(conversionsApi.update, { params: { id }, body: input }, { handles: [422] });
  await changed();
  return data;
}

export async function removePoint(id: number): Promise<void> {
  await call(conversionsApi.remove, { params: { id } });
  await changed();
}

export async function saveWebhook(input: ConversionWebhookInput) {
  const { data } = await call(conversionsApi.saveWebhook, { body: input }, { handles: [422] });
  await invalidateEndpoints(conversionsApi.webhook);
  return data;
}

export async function testWebhook() {
  return (await call(conversionsApi.testWebhook, {})).data;
}

/** An address of the console (a point's page or pixel) as visitors open it. */
export const consoleAddress = (path: string) => new URL(path, window.location.origin).toString();

/** The pixel as an HTML tag to paste into another site. */
export const pixelTag = (path: string) =>
  `<img src="${consoleAddress(path)}" width="1" height="1" alt="" style="display:none" />`;
