import { agencyNoticesApi, type NoticeRecipient } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Drawer, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../components/format.ts';
import { Markdown } from '../../../components/markdown/Markdown.tsx';
import { AudienceText, NoticeStatusTag } from './audience.tsx';
import '../../../app/i18n/parts/agency-notices.ts';

/** One notice: its text, audience, timing, read counts and recipients; a scheduled one can be cancelled. */
export function NoticeDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery(endpointQuery(agencyNoticesApi.get, { params: { id } }));
  const cancel = useEndpointMutation(agencyNoticesApi.cancel);
  const notice = detail.data?.data;

  const cancelIt = () =>
    cancel.mutate(
      { params: { id } },
      {
        onSuccess: () => {
          feedback.notifySuccess(t('agencyNotices.cancelled'));
          void invalidateEndpoints(agencyNoticesApi.list, agencyNoticesApi.get);
        },
        onError: (error) => feedback.notifyError(t('agencyNotices.cancelFailed'), error.message),
      },
    );

  return (
    <Drawer
      open
      width={640}
      title={t('agencyNotices.detail')}
      onClose={onClose}
      data-testid="notice-detail"
      extra={
        notice?.status === 'scheduled' && (
          <Popconfirm
            title={t('agencyNotices.confirmCancel')}
            okText={t('agencyNotices.cancel')}
            cancelText={t('agencyNotices.keep')}
            onConfirm={cancelIt}
            okButtonProps={{ 'data-testid': 'confirm-cancel-notice' }}
          >
            <Button danger loading={cancel.isPending} data-testid="cancel-notice">
              {t('agencyNotices.cancel')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {detail.isError && !notice ? (
        <Alert type="error" showIcon message={t('agencyNotices.loadFailed')} data-testid="notice-detail-failed" />
      ) : !notice ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={4} data-testid="notice-detail-title">
            {notice.title}
          </Typography.Title>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Markdown source={notice.body} testId="notice-detail-body" />
          </Card>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              {
                key: 'status',
                label: t('agencyNotices.status'),
                children: <NoticeStatusTag status={notice.status} testId="notice-detail-status" />,
              },
              { key: 'audience', label: t('agencyNotices.audience'), children: <AudienceText notice={notice} /> },
              {
                key: 'time',
                label: t('agencyNotices.sendTime'),
                children: formatDateTime(notice.sent_at ?? notice.send_at),
              },
              {
                key: 'recipients',
                label: t('agencyNotices.recipients'),
                children:
                  notice.status === 'sent'
                    ? t('agencyNotices.recipientCount', { count: notice.recipient_count })
                    : t('agencyNotices.notSent'),
              },
              {
                key: 'reads',
                label: t('agencyNotices.reads'),
                children: (
                  <span data-testid="notice-detail-reads">
                    {t('agencyNotices.readCounts', {
                      accounts: notice.read_account_count,
                      users: notice.read_user_count,
                    })}
                  </span>
                ),
              },
              { key: 'by', label: t('agencyNotices.createdBy'), children: notice.created_by ?? '-' },
            ]}
          />
          {notice.status === 'sent' && (
            <Table<NoticeRecipient>
              style={{ marginTop: 16 }}
              size="small"
              rowKey="id"
              title={() => t('agencyNotices.recipientList')}
              dataSource={notice.recipients}
              pagination={notice.recipients.length > 20 ? { pageSize: 20 } : false}
              locale={{ emptyText: t('agencyNotices.noRecipients') }}
              columns={[
                { title: t('agencyNotices.accounts'), key: 'name', render: (_, account) => account.name },
                {
                  title: t('agencyNotices.reads'),
                  key: 'read',
                  render: (_, account) =>
                    account.read ? (
                      <Tag color="green">{t('agencyNotices.read')}</Tag>
                    ) : (
                      <Tag>{t('agencyNotices.unread')}</Tag>
                    ),
                },
              ]}
              data-testid="notice-recipients"
            />
          )}
        </>
      )}
    </Drawer>
  );
}
