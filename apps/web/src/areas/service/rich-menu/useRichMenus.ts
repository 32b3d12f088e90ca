import {
  allows,
  plansApi,
  richMenuImageProblem,
  richMenuImageReasonOf,
  richMenusApi,
  RICH_MENU_IMAGE_TYPES,
  type RichMenu,
  type RichMenuImageReason,
  type RichMenuInput,
  type RichMenuListQuery,
  type RichMenuRuleInput,
} from '@linq/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, uploadFile } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery, invalidateEndpoints, queryClient } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { useSession } from '../../../app/session.ts';

/*
 * Server data of the rich-menu screens (TanStack Query): the list, one menu, the rules and default,
 * a friend's menu, and the writes that change them.
 */

const listQuery = (channel: number, query: RichMenuListQuery) =>
  queryOptions({
    queryKey: [richMenusApi.list.path, { channel, ...query }],
    queryFn: ({ signal }) => call(richMenusApi.list, { query }, { lineAccountId: channel, signal }),
  });

/** One page of the channel's menus; nothing is fetched until a channel is chosen. */
export function useRichMenuList(query: RichMenuListQuery) {
  const channel = useSelectedChannelId();
  return useQuery({ ...listQuery(channel ?? 0, query), enabled: channel !== null, placeholderData: keepPreviousData });
}

/** Every menu of the channel (pickers: tabs, rules, the default, a friend's menu). */
export function useAllRichMenus(): RichMenu[] {
  const menus = useQuery(endpointQuery(richMenusApi.list, { query: { page: 1, limit: 100 } }));
  return useMemo(() => menus.data?.data ?? [], [menus.data]);
}

/** One menu as the editor opens it: always the server's latest (publishing changes it in the background). */
export const richMenuQuery = (id: number) => ({
  ...endpointQuery(richMenusApi.get, { params: { id } }, { handles: [404] }),
  staleTime: 0,
});

/** The channel's plans an area may start. */
export function usePlanOptions() {
  const plans = useQuery(endpointQuery(plansApi.list, { query: { page: 1, limit: 100 } }));
  return useMemo(() => (plans.data?.data ?? []).map(({ id, name }) => ({ id, name })), [plans.data]);
}

export function useCanEditRichMenus(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'rich_menus', level: 'edit' });
}

/** After a write: every rich-menu read reloads, and a saved menu is what its editor shows. */
export async function richMenusChanged(saved?: RichMenu): Promise<void> {
  if (saved) queryClient.setQueryData(richMenuQuery(saved.id).queryKey, { data: saved });
  await invalidateEndpoints(
    richMenusApi.list,
    richMenusApi.get,
    richMenusApi.rules,
    richMenusApi.previewRules,
    richMenusApi.settings,
    richMenusApi.ofFriend,
    richMenusApi.insight,
  );
}

/** Creates or saves a menu; a refused one rejects with the ApiError (422 goes onto the form). */
export async function saveRichMenu(id: number | null, input: RichMenuInput): Promise<RichMenu> {
  const { data } =
    id === null
      ? await call(richMenusApi.create, { body: input }, { handles: [422] })
      : await call(richMenusApi.update, { params: { id }, body: input }, { handles: [422] });
  await richMenusChanged(data);
  return data;
}

export async function publishRichMenu(id: number): Promise<RichMenu> {
  const { data } = await call(richMenusApi.publish, { params: { id }, body: {} }, { handles: [409, 422] });
  await richMenusChanged(data);
  return data;
}

export async function copyRichMenu(id: number): Promise<RichMenu> {
  const { data } = await call(richMenusApi.copy, { params: { id }, body: {} });
  await richMenusChanged();
  return data;
}

export async function removeRichMenu(id: number): Promise<void> {
  await call(richMenusApi.remove, { params: { id } }, { handles: [409] });
  await richMenusChanged();
}

/** An image LINE would refuse: the reason code (the browser's check or the server's). */
export class RichMenuImageRefused extends Error {
  override readonly name = 'RichMenuImageRefused';
  constructor(
    readonly reason: RichMenuImageReason | null,
    message: string,
  ) {
    super(message);
  }
}

async function naturalSize(file: Blob): Promise<{ width: number; height: number } | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The image's first broken LINE rule, checked in the browser before anything is sent; null when fine. */
export async function imageProblemOf(file: Blob): Promise<RichMenuImageReason | null> {
  const type = (RICH_MENU_IMAGE_TYPES as readonly string[]).includes(file.type)
    ? (file.type as (typeof RICH_MENU_IMAGE_TYPES)[number])
    : null;
  const size = type ? await naturalSize(file) : null;
  return richMenuImageProblem({
    type: size ? type : null,
    bytes: file.size,
    width: size?.width ?? 0,
    height: size?.height ?? 0,
  });
}

/** Uploads the menu's image; rejects with RichMenuImageRefused when the browser or the server refuses it. */
export async function uploadRichMenuImage(id: number, file: Blob): Promise<RichMenu> {
  const problem = await imageProblemOf(file);
  if (problem) throw new RichMenuImageRefused(problem, problem);
  try {
    const { data } = await uploadFile(richMenusApi.uploadImage, { params: { id } }, file, { handles: [413, 422] });
    await richMenusChanged(data);
    return data;
  } catch (error) {
    if (!isApiError(error) || ![413, 422].includes(error.status)) throw error;
    const description = error.fieldErrors ? Object.values(error.fieldErrors)[0]?.description : undefined;
    const reason = error.status === 413 ? 'too_large' : description ? richMenuImageReasonOf(description) : null;
    throw new RichMenuImageRefused(reason, description ?? error.message);
  }
}

export const rulesQuery = () => ({ ...endpointQuery(richMenusApi.rules, {}), staleTime: 0 });
export const rulePreviewQuery = () => ({ ...endpointQuery(richMenusApi.previewRules, {}), staleTime: 0 });
export const settingsQuery = () => ({ ...endpointQuery(richMenusApi.settings, {}), staleTime: 0 });

export async function saveRule(id: number | null, input: RichMenuRuleInput): Promise<void> {
  if (id === null) await call(richMenusApi.createRule, { body: input }, { handles: [422] });
  else await call(richMenusApi.updateRule, { params: { id }, body: input }, { handles: [422] });
  await richMenusChanged();
}

export async function removeRule(id: number): Promise<void> {
  await call(richMenusApi.removeRule, { params: { id } });
  await richMenusChanged();
}

export async function orderRules(ruleIds: number[]): Promise<void> {
  await call(richMenusApi.orderRules, { body: { rule_ids: ruleIds } });
  await richMenusChanged();
}

export async function setDefaultMenu(richMenuId: number | null): Promise<void> {
  await call(richMenusApi.setDefault, { body: { rich_menu_id: richMenuId } }, { handles: [409, 422] });
  await richMenusChanged();
}

export async function cleanExit(): Promise<void> {
  await call(richMenusApi.cleanExit, { body: {} });
  await richMenusChanged();
}

export const friendMenuQuery = (friendId: number) => ({
  ...endpointQuery(richMenusApi.ofFriend, { params: { friend_id: friendId } }),
  staleTime: 0,
});

export async function setFriendMenu(friendId: number, richMenuId: number | null): Promise<void> {
  await call(
    richMenusApi.setOfFriend,
    { params: { friend_id: friendId }, body: { rich_menu_id: richMenuId } },
    { handles: [409, 422] },
  );
  await richMenusChanged();
}
