import { agencyNewsApi, serviceNewsApi, type ReaderNews } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, List, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../app/api/queries.ts';
import { formatDateTime } from '../format.ts';
import { Markdown } from '../markdown/Markdown.tsx';
import '../../app/i18n/parts/dashboard.ts';
import '../../app/i18n/parts/news.ts';

/** How many notices the card shows. */
const LATEST = 5;

/** The reader endpoints of the area the card is on. */
export type NewsReaderApi = typeof serviceNewsApi | typeof agencyNewsApi;

/**
 * A dashboard's news (お知らせ) from the platform: the latest notices reaching the signed-in user's
 * account or agency, pinned first, unread ones marked. Opening one shows its body and marks it read
 * for the user.
 */
export function NewsCard({ api }: { api: NewsReaderApi }) {
  const { t } = useTranslation();
  const query = useQuery(endpointQuery(api.list, { query: { limit: LATEST } }));
  const markRead = useEndpointMutation(api.markRead);
  const [open, setOpen] = useState<ReaderNews | null>(null);
  const data = query.data;

  const show = (item: ReaderNews) => {
    setOpen(item);
    if (!item.read) {
      markRead.mutate({ params: { id: item.id } }, { onSuccess: () => void invalidateEndpoints(api.list) });
    }
  };

  return (
    <Card
      title={
        <Space>
          {t('dashboard.news')}
          {data && data.unread_count > 0 && (
            <Tag color="red" data-testid="news-unread-count">
              {t('news.unreadCount', { count: data.unread_count })}
            </Tag>
          )}
        </Space>
      }
      loading={query.isPending}
      data-testid="dashboard-news"
    >
      {!data || data.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noNews')} />
      ) : (
        <List
          size="small"
          dataSource={data.data}
          renderItem={(item) => (
            <List.Item key={item.id} data-testid={`news-item-${item.id}`}>
              <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                <Space size={4} wrap>
                  {!item.read && <Badge status="error" />}
                  <Typography.Link strong={!item.read} onClick={() => show(item)} data-testid={`news-open-${item.id}`}>
                    {item.title}
                  </Typography.Link>
                  {item.pinned && <Tag color="gold">{t('news.pinnedTag')}</Tag>}
                  {!item.read && (
                    <Tag color="red" data-testid={`news-unread-${item.id}`}>
                      {t('news.unread')}
                    </Tag>
                  )}
                </Space>
                <Typography.Text type="secondary">{formatDateTime(item.publish_at)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <Modal
        open={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={
          <Button onClick={() => setOpen(null)} data-testid="news-close">
            {t('news.close')}
          </Button>
        }
        destroyOnHidden
        data-testid="news-dialog"
      >
        {open && (
          <>
            <Typography.Paragraph type="secondary">{formatDateTime(open.publish_at)}</Typography.Paragraph>
            <Markdown source={open.body} testId="news-body" />
          </>
        )}
      </Modal>
    </Card>
  );
}
