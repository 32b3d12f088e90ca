import { allows } from '@linq/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, markEndpointsStale } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { feedback } from '../../../app/feedback.ts';
import { useSession } from '../../../app/session.ts';
import { carriersOf, labelBody, movedBody, type Label, type LabelFormValues, type LabelKind } from './label-kind.ts';
import { usesContent } from './LabelUses.tsx';
import '../../../app/i18n/parts/labels.ts';

export interface LabelListFilter {
  page: number;
  limit: number;
  q?: string;
  folder_id?: number;
}

/**
 * The list key starts with the endpoint path (invalidateEndpoints reaches it, e.g. after bulk tagging
 * changed the counts) and names the channel.
 */
const labelListQuery = (kind: LabelKind, lineAccountId: number, query: LabelListFilter) =>
  queryOptions({
    queryKey: [kind.api.list.path, { lineAccountId, ...query }],
    queryFn: ({ signal }) => call(kind.api.list, { query }, { lineAccountId, signal }),
  });

/** One page of the channel's labels; nothing is fetched until a channel is chosen. */
export function useLabelList(kind: LabelKind, filter: LabelListFilter) {
  const lineAccountId = useSelectedChannelId();
  return useQuery({
    ...labelListQuery(kind, lineAccountId ?? 0, filter),
    enabled: lineAccountId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Creating, editing, moving and deleting needs the edit level of the kind's feature. */
export function useCanEditLabels(kind: LabelKind): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: kind.feature, level: 'edit' });
}

async function changed(kind: LabelKind): Promise<void> {
  await markEndpointsStale(kind.api.get);
  await invalidateEndpoints(kind.api.list);
}

/** The writes of the labels screen. Each rejects with the ApiError (422 goes onto the form's fields). */
export function useLabelActions(kind: LabelKind) {
  const { t } = useTranslation();
  const { modal } = App.useApp();

  const save = async (values: LabelFormValues, existing?: Label): Promise<Label> => {
    const body = labelBody(kind, values, existing);
    const { data } = existing
      ? await call(kind.api.update, { params: { id: existing.id }, body })
      : await call(kind.api.create, { body });
    feedback.notifySuccess(t(existing ? 'common.saved' : 'common.created'));
    await changed(kind);
    return data;
  };

  /** Moves labels to a folder (null: none), one update each, keeping name, order and colour. */
  const move = async (labels: readonly Label[], folderId: number | null): Promise<void> => {
    try {
      await Promise.all(
        labels.map((label) =>
          call(kind.api.update, { params: { id: label.id }, body: movedBody(kind, label, folderId) }),
        ),
      );
      feedback.notifySuccess(t('labels.moved'));
    } finally {
      // Also after a partial failure, so the list shows where each label is now.
      await changed(kind);
    }
  };

  const removeNow = async (label: Label, confirm: boolean) => {
    await call(
      kind.api.remove,
      { params: { id: label.id }, query: { confirm: confirm ? 'true' : 'false' } },
      { handles: [409] },
    );
    feedback.notifySuccess(t('common.deleted'));
    await changed(kind);
  };

  /**
   * Deletes after the row's confirmation. A label friends carry answers 409 with their number; a
   * second confirmation says how many, and only then is it deleted with confirm=true. Resolves
   * true when deleted now; false when not (or when the second confirmation is left to the user).
   */
  const remove = async (label: Label, afterDelete?: () => unknown): Promise<boolean> => {
    try {
      await removeNow(label, false);
    } catch (error) {
      if (isApiError(error, 409)) {
        const count = carriersOf(error.message);
        // What uses the label (plans…): listed so the user sees what deleting it stops.
        const uses = (await call(kind.api.uses, { params: { id: label.id } }).catch(() => ({ data: [] }))).data;
        modal.confirm({
          title: t(uses.length > 0 ? 'labels.usedTitle' : 'labels.inUseTitle'),
          content:
            uses.length > 0
              ? usesContent(t, t(`${kind.feature}.noun`), uses)
              : count === null
                ? error.message
                : t(`${kind.feature}.inUse`, { count }),
          okText: t('labels.deleteAnyway'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: true, 'data-testid': 'in-use-delete-ok' },
          cancelButtonProps: { 'data-testid': 'in-use-delete-cancel' },
          onOk: async () => {
            try {
              await removeNow(label, true);
            } catch {
              // Reported by the request layer (e.g. deleted elsewhere meanwhile): show the list as it is.
              await changed(kind);
              return;
            }
            await afterDelete?.();
          },
        });
      }
      return false;
    }
    await afterDelete?.();
    return true;
  };

  return { save, move, remove };
}
