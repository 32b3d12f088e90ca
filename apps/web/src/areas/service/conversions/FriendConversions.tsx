import { allows, conversionsApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { useSession } from '../../../app/session.ts';
import { formatDateTime } from '../../../components/format.ts';
import '../../../app/i18n/parts/conversions.ts';

/** The friend detail's section: the friend's conversions, newest first (for staff who may view conversions). */
export function FriendConversions({ friendId }: { friendId: number }) {
  const { t } = useTranslation();
  const session = useSession('service');
  const allowed = session !== null && allows(session.permissions, { feature: 'conversions', level: 'view' });
  const conversions = useQuery({
    ...endpointQuery(conversionsApi.ofFriend, { params: { id: friendId } }),
    enabled: allowed,
  });
  if (!allowed) return null;
  const rows = conversions.data?.data ?? [];
  return (
    <Card title={t('conversions.friendSection')} data-testid="friend-conversions">
      {conversions.isError ? (
        <Typography.Text type="danger">{t('common.loadFailed')}</Typography.Text>
      ) : rows.length === 0 && !conversions.isPending ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('conversions.friendEmpty')} />
      ) : (
        <List
          size="small"
          loading={conversions.isPending}
          dataSource={rows}
          rowKey="id"
          renderItem={(row) => (
            <List.Item data-testid={`friend-conversion-${row.id}`}>
              <List.Item.Meta
                title={row.point_name}
                description={[
                  formatDateTime(row.reached_at),
                  row.inflow_route_name && t('conversions.via', { what: row.inflow_route_name }),
                  row.plan_name && t('conversions.via', { what: row.plan_name }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {row.value > 0 && <Typography.Text>¥{row.value.toLocaleString()}</Typography.Text>}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
