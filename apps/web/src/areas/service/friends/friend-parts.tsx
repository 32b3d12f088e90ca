import {
  friendsApi,
  LABEL_BULK_MAX,
  marksApi,
  tagsApi,
  type FriendListItem,
  type Mark,
  type Tag,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Select, Tag as AntdTag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { ALL_ITEMS_LIMIT } from '../../../app/config.ts';
import { useSession } from '../../../app/session.ts';
import { MarkSwatch } from '../../../components/MarkSwatch.tsx';
import { chunked, friendAbilities, initialOf } from './friend-format.ts';
import '../../../app/i18n/parts/friends.ts';

/** Pieces both friend screens use: avatar, status, label chips and pickers, abilities, label changes. */

export type LabelKind = 'tag' | 'mark';
export type Label = Tag | Mark;
type LabelRef = FriendListItem['tags'][number] & { color?: string };

export function useFriendAbilities() {
  return friendAbilities(useSession('service')?.permissions);
}

export function FriendAvatar({ name, pictureUrl, size }: { name: string; pictureUrl: string | null; size?: number }) {
  return pictureUrl ? (
    <Avatar src={pictureUrl} alt="" size={size} />
  ) : (
    <Avatar size={size} aria-hidden>
      {initialOf(name)}
    </Avatar>
  );
}

export function FriendStatusTag({ status }: { status: FriendListItem['status'] }) {
  const { t } = useTranslation();
  return (
    <AntdTag color={status === 'following' ? 'green' : 'default'} data-testid="friend-status">
      {t(`friends.statuses.${status}`)}
    </AntdTag>
  );
}

/** A friend's tags or marks (marks in their colour); closable ones call onRemove. */
export function LabelChips(props: { kind: LabelKind; labels: readonly LabelRef[]; onRemove?: (id: number) => void }) {
  return (
    <>
      {props.labels.map((label) => (
        <AntdTag
          key={label.id}
          color={props.kind === 'mark' ? label.color : undefined}
          closable={Boolean(props.onRemove)}
          onClose={(event) => {
            // The chip goes when the friend has been refetched without it.
            event.preventDefault();
            props.onRemove?.(label.id);
          }}
          style={{ marginBlock: 2 }}
          data-testid={`${props.kind}-chip-${label.id}`}
        >
          {label.name}
        </AntdTag>
      ))}
    </>
  );
}

/** Every tag or mark of the channel, for pickers. */
export function useLabels(kind: LabelKind, enabled = true): Label[] {
  const channelId = useSelectedChannelId();
  const query = { query: { limit: ALL_ITEMS_LIMIT } };
  const tags = useQuery({ ...endpointQuery(tagsApi.list, query), enabled: enabled && kind === 'tag' && !!channelId });
  const marks = useQuery({
    ...endpointQuery(marksApi.list, query),
    enabled: enabled && kind === 'mark' && !!channelId,
  });
  return (kind === 'tag' ? tags.data?.data : marks.data?.data) ?? [];
}

interface LabelSelectProps {
  kind: LabelKind;
  placeholder: string;
  /** Labels not offered (e.g. those the friend already has). */
  exclude?: readonly number[];
  testId: string;
  style?: CSSProperties;
}

/** Picks several tags or marks, searching by name. */
export function LabelMultiSelect(props: LabelSelectProps & { value?: number[]; onChange?: (ids: number[]) => void }) {
  return <LabelSelectBase {...props} mode="multiple" />;
}

/** Picks one tag or mark and hands it over at once (the select stays empty). */
export function LabelPicker(props: LabelSelectProps & { onPick: (id: number) => void; loading?: boolean }) {
  return <LabelSelectBase {...props} value={null} onChange={(id) => id !== null && props.onPick(id)} />;
}

function LabelSelectBase<V extends number[] | number | null>(
  props: LabelSelectProps & {
    mode?: 'multiple';
    value?: V;
    onChange?: (value: V) => void;
    loading?: boolean;
  },
) {
  const labels = useLabels(props.kind);
  const exclude = new Set(props.exclude ?? []);
  const options = labels
    .filter((label) => !exclude.has(label.id))
    .map((label) => ({ value: label.id, label: label.name, color: 'color' in label ? label.color : undefined }));
  return (
    <Select<V, (typeof options)[number]>
      mode={props.mode}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={props.mode === 'multiple'}
      maxTagCount="responsive"
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      loading={props.loading}
      options={options}
      optionRender={(option) => (
        <span data-testid={`${props.kind}-option-${option.value}`}>
          {option.data.color && <MarkSwatch color={option.data.color} />}
          {option.label}
        </span>
      )}
      style={{ minWidth: 180, ...props.style }}
      data-testid={props.testId}
    />
  );
}

/**
 * Puts tags or marks on friends or takes them off, then refreshes the friends and the label counts.
 * Resolves with how many friends changed.
 */
export async function changeLabels(
  kind: LabelKind,
  action: 'add' | 'remove',
  labelIds: readonly number[],
  friendIds: readonly number[],
): Promise<number> {
  const api = kind === 'tag' ? tagsApi : marksApi;
  const endpoint = action === 'add' ? api.addFriends : api.removeFriends;
  let changed = 0;
  try {
    for (const labelId of labelIds) {
      for (const chunk of chunked(friendIds, LABEL_BULK_MAX)) {
        const { data } = await call(endpoint as typeof tagsApi.addFriends, {
          params: { id: labelId },
          body: { friend_ids: chunk },
        });
        changed += data.changed;
      }
    }
  } finally {
    // Part of a bulk change may have gone through before a failure.
    await invalidateEndpoints(friendsApi.list, friendsApi.get, api.list, api.get);
  }
  return changed;
}
