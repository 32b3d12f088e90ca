import { ProfileOutlined } from '@ant-design/icons';
import { friendsApi, type FriendListItem } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery, prefetchQuietly } from '../../../app/api/queries.ts';
import { useNoChannel, useSelectedChannelId, type ScreenPrefetch } from '../../../app/channels/channels.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { formatDate, formatDateTime } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { testId } from '../../../components/test-id.ts';
import { friendsSummaryQuery } from '../phone-panel/queries.ts';
import { BulkLabelActions } from './BulkLabelActions.tsx';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import {
  columnSortOrder,
  FRIEND_PAGE_SIZES,
  friendListQuery,
  hasActiveFilters,
  nextFriendListParams,
  readFriendListParams,
  sortChanges,
  type FriendListChanges,
  type FriendSort,
} from './friend-filters.ts';
import { FriendFilters } from './FriendFilters.tsx';
import { FriendAvatar, FriendStatusTag, LabelChips, useFriendAbilities } from './friend-parts.tsx';
import { InfoFieldsDrawer } from './InfoFieldsDrawer.tsx';
import '../../../app/i18n/parts/friends.ts';

const ASCENDING_FIRST = ['ascend', 'descend', 'ascend'] as const;
const DESCENDING_FIRST = ['descend', 'ascend', 'descend'] as const;

/** On a direct load: the page of friends the address asks for. */
export const prefetch: ScreenPrefetch = (url, lineAccountId) =>
  prefetchQuietly(
    endpointQuery(
      friendsApi.list,
      { query: friendListQuery(readFriendListParams(url.searchParams)) },
      { handles: 'all', lineAccountId },
    ),
  );

export default function FriendsListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readFriendListParams(searchParams), [searchParams]);
  const { page, limit, filters } = state;
  const update = (changes: FriendListChanges) =>
    setSearchParams((params) => nextFriendListParams(params, changes), { replace: true });
  const abilities = useFriendAbilities();
  const channelId = useSelectedChannelId();
  const noChannel = useNoChannel();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [infoFieldsOpen, setInfoFieldsOpen] = useState(false);

  const friends = useQuery({
    ...endpointQuery(friendsApi.list, { query: friendListQuery(state) }),
    enabled: channelId !== null,
    placeholderData: keepPreviousData,
  });
  // The same read as the header's count, so the two always agree.
  const summary = useQuery({ ...friendsSummaryQuery(channelId ?? 0), enabled: channelId !== null });
  const counts = channelId !== null ? summary.data?.data : undefined;
  const rows = friends.data?.data ?? [];
  const selectable = abilities.editTags || abilities.editMarks;

  const sortable = (column: FriendSort, directions: typeof ASCENDING_FIRST | typeof DESCENDING_FIRST) => ({
    key: column,
    sorter: true,
    sortOrder: columnSortOrder(filters, column),
    sortDirections: [...directions],
  });

  const columns: ColumnsType<FriendListItem> = [
    {
      key: 'avatar',
      width: 56,
      render: (_, friend) => <FriendAvatar name={friend.display_name} pictureUrl={friend.picture_url} />,
    },
    {
      title: t('friends.displayName'),
      ...sortable('display_name', ASCENDING_FIRST),
      render: (_, friend) => (
        <Link to={`/service/friends/${friend.id}`} data-testid={`friend-link-${friend.id}`}>
          {friend.display_name}
        </Link>
      ),
    },
    {
      title: t('friends.status'),
      key: 'status',
      render: (_, friend) => <FriendStatusTag status={friend.status} />,
    },
    {
      title: t('friends.tags'),
      key: 'tags',
      responsive: ['md'],
      render: (_, friend) => <LabelChips kind="tag" labels={friend.tags} />,
    },
    {
      title: t('friends.marks'),
      key: 'marks',
      responsive: ['md'],
      render: (_, friend) => <LabelChips kind="mark" labels={friend.marks} />,
    },
    {
      title: t('friends.followedAt'),
      ...sortable('followed_at', DESCENDING_FIRST),
      responsive: ['sm'],
      render: (_, friend) => formatDate(friend.followed_at),
    },
    {
      title: t('friends.lastMessageAt'),
      ...sortable('last_message_at', DESCENDING_FIRST),
      responsive: ['lg'],
      render: (_, friend) => formatDateTime(friend.last_message_at),
    },
    {
      title: t('friends.score'),
      ...sortable('score', DESCENDING_FIRST),
      align: 'right',
      render: (_, friend) => friend.score,
    },
  ];

  return (
    <>
      <PageHeader
        extra={
          <>
            <Button icon={<ProfileOutlined />} onClick={() => setInfoFieldsOpen(true)} data-testid="info-fields-open">
              {t('friends.infoFields.title')}
            </Button>
            {abilities.exportCsv && <ExportCsvButton filters={filters} />}
          </>
        }
      />
      {counts && (
        // A line of its own: it wraps on a phone instead of widening the header.
        <Typography.Paragraph type="secondary" data-testid="friends-counts" style={{ marginTop: -8 }}>
          {t('friends.counts', { all: counts.total, following: counts.following, blocked: counts.blocked })}
        </Typography.Paragraph>
      )}
      <Card>
        <FriendFilters filters={filters} abilities={abilities} onChange={update} />
        {selectable && (
          <BulkLabelActions selectedIds={selectedIds} abilities={abilities} onClear={() => setSelectedIds([])} />
        )}
        <Table<FriendListItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={{ spinning: friends.isFetching, delay: SPINNER_DELAY_MS }}
          onRow={(friend) => testId(`friend-row-${friend.id}`)}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selectedIds,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelectedIds(keys.map(Number)),
                }
              : undefined
          }
          scroll={{ x: 'max-content' }}
          onChange={(_pagination, _filters, sorter, { action }) => {
            if (action !== 'sort') return;
            const { columnKey, order } = sorter as SorterResult<FriendListItem>;
            update(sortChanges(columnKey, order));
          }}
          locale={{
            emptyText: (
              <Empty
                description={
                  noChannel
                    ? t('friends.noChannel')
                    : hasActiveFilters(filters)
                      ? t('friends.noMatch')
                      : t('friends.empty')
                }
                data-testid="friends-empty"
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: friends.data?.total_item_count ?? 0,
            pageSizeOptions: [...FRIEND_PAGE_SIZES],
            showSizeChanger: true,
            showTotal: (total) => (
              <Typography.Text type="secondary" data-testid="friends-total" data-total={total}>
                {t('friends.matching', { count: total })}
              </Typography.Text>
            ),
            onChange: (nextPage, pageSize) => update(pageSize !== limit ? { limit: pageSize } : { page: nextPage }),
          }}
          data-testid="friends-table"
        />
      </Card>
      <InfoFieldsDrawer
        open={infoFieldsOpen}
        onClose={() => setInfoFieldsOpen(false)}
        editable={abilities.editInfoFields}
      />
    </>
  );
}
