import type { FriendInflows as FriendInflowsData } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { inflowPath } from './paths.ts';
import { friendInflowsQuery } from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

type RouteRef = NonNullable<FriendInflowsData['first']>;

/** A route by name, linking to its page for staff who may see routes; a deleted one says so. */
function RouteName({ route, linked, testId }: { route: RouteRef; linked: boolean; testId: string }) {
  const { t } = useTranslation();
  if (route.route_id === null || route.route_name === null) {
    return <Typography.Text type="secondary">{t('inflows.friendSection.deleted')}</Typography.Text>;
  }
  return linked ? (
    <Link to={inflowPath(route.route_id)} data-testid={testId}>
      {route.route_name}
    </Link>
  ) : (
    <Typography.Text data-testid={testId}>{route.route_name}</Typography.Text>
  );
}

/**
 * The friend detail's inflow section: the friend's first route (first touch), latest route (last
 * touch), and every attribution with whether its actions ran.
 */
export function FriendInflows({ friendId, linkRoutes }: { friendId: number; linkRoutes: boolean }) {
  const { t } = useTranslation();
  const inflows = useQuery(friendInflowsQuery(friendId));
  const data = inflows.data?.data;
  const body = () => {
    if (inflows.isError) {
      return (
        <Result
          status="error"
          title={t('common.loadFailed')}
          extra={<Button onClick={() => void inflows.refetch()}>{t('common.retry')}</Button>}
        />
      );
    }
    if (!data) return <Spin delay={SPINNER_DELAY_MS} />;
    if (!data.first && data.attributions.length === 0) {
      return <Empty description={t('inflows.friendSection.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    }
    const touch = (route: RouteRef | null, testId: string) =>
      route ? (
        <Flex vertical gap={0}>
          <RouteName route={route} linked={linkRoutes} testId={testId} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(route.attributed_at)}
          </Typography.Text>
        </Flex>
      ) : null;
    return (
      <Flex vertical gap={12}>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'first',
              label: t('inflows.friendSection.first'),
              children: touch(data.first, 'friend-inflow-first'),
            },
            { key: 'last', label: t('inflows.friendSection.last'), children: touch(data.last, 'friend-inflow-last') },
          ]}
        />
        <Typography.Text strong>{t('inflows.friendSection.attributions')}</Typography.Text>
        <Flex vertical gap={8}>
          {data.attributions.map((attribution) => (
            <Flex key={attribution.id} gap={8} wrap align="center" data-testid={`friend-inflow-${attribution.id}`}>
              <RouteName route={attribution} linked={linkRoutes} testId={`friend-inflow-route-${attribution.id}`} />
              <Tag>{t(`inflows.attributionKinds.${attribution.kind}`)}</Tag>
              <Tag color={attribution.actions_applied ? 'green' : 'default'}>
                {attribution.actions_applied
                  ? t('inflows.friendSection.actionsApplied')
                  : t('inflows.friendSection.actionsSkipped')}
              </Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(attribution.attributed_at)}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      </Flex>
    );
  };
  return (
    <Card title={t('inflows.friendSection.title')} data-testid="friend-inflows">
      {body()}
    </Card>
  );
}
