import type { InflowFriend } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { FriendAvatar } from '../friends/friend-parts.tsx';
import { friendPath, inflowFriendsListPath } from './paths.ts';
import { inflowFriendsQuery } from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

const PAGE_SIZE = 20;

/** The friends attributed to the route, newest first, each linking to the friend's page. */
export function InflowFriends({ routeId }: { routeId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const friends = useQuery(inflowFriendsQuery(routeId, page, PAGE_SIZE));
  const columns: ColumnsType<InflowFriend> = [
    {
      title: t('inflows.friends.name'),
      key: 'name',
      render: (_, friend) => (
        <Space>
          <FriendAvatar name={friend.display_name} pictureUrl={friend.picture_url} size={28} />
          <Link to={friendPath(friend.friend_id)} data-testid={`inflow-friend-${friend.friend_id}`}>
            {friend.display_name}
          </Link>
          {friend.blocked && <Tag>{t('inflows.friends.blocked')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('inflows.friends.kind'),
      key: 'kind',
      render: (_, friend) => t(`inflows.attributionKinds.${friend.kind}`),
    },
    {
      title: t('inflows.friends.firstRoute'),
      key: 'first_route',
      render: (_, friend) => (friend.first_route ? <Tag color="blue">{t('inflows.friends.first')}</Tag> : null),
    },
    {
      title: t('inflows.friends.attributedAt'),
      key: 'attributed_at',
      render: (_, friend) => formatDateTime(friend.attributed_at),
    },
  ];
  return (
    <Card
      title={t('inflows.friends.title')}
      extra={
        <Link to={inflowFriendsListPath(routeId)} data-testid="inflow-friends-list-link">
          {t('inflows.friends.openList')}
        </Link>
      }
    >
      {friends.isError && !friends.data ? (
        <Result
          status="error"
          title={t('common.loadFailed')}
          extra={<Button onClick={() => void friends.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<InflowFriend>
          rowKey="attribution_id"
          columns={columns}
          dataSource={friends.data?.data ?? []}
          loading={{ spinning: friends.isFetching, delay: SPINNER_DELAY_MS }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('inflows.friends.empty')} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: friends.data?.total_item_count ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          data-testid="inflow-friends"
        />
      )}
    </Card>
  );
}
