import { SendOutlined } from '@ant-design/icons';
import { agencyNoticesApi, NOTICE_STATUSES, type AgencyNotice, type NoticeStatus } from '@linq/contract';
import { Button, Select, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ListSearch } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { AudienceText, NoticeStatusTag } from './audience.tsx';
import { NoticeComposeModal } from './NoticeComposeModal.tsx';
import { NoticeDetailDrawer } from './NoticeDetailDrawer.tsx';
import '../../../app/i18n/parts/agency-notices.ts';

const FILTERS = ['q', 'status'] as const;

const parseStatus = (value: string | undefined): NoticeStatus | undefined =>
  NOTICE_STATUSES.find((status) => status === value);

/** /agency/send: the agency's notices to its clients (sent and scheduled), and writing a new one. */
export default function AgencySendPage() {
  const { t } = useTranslation();
  const [composing, setComposing] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const notices = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(agencyNoticesApi.list, {
      query: { page, limit, q: filters.q, status: parseStatus(filters.status) },
    }),
  );
  const { filters, update } = notices;

  const columns: ColumnsType<AgencyNotice> = [
    {
      title: t('agencyNotices.title'),
      key: 'title',
      render: (_, notice) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setOpenId(notice.id)}
          data-testid={`notice-open-${notice.id}`}
        >
          {notice.title}
        </Button>
      ),
    },
    {
      title: t('agencyNotices.status'),
      key: 'status',
      render: (_, notice) => <NoticeStatusTag status={notice.status} testId={`notice-status-${notice.id}`} />,
    },
    {
      title: t('agencyNotices.sendTime'),
      key: 'time',
      responsive: ['sm'],
      render: (_, notice) => formatDateTime(notice.sent_at ?? notice.send_at),
    },
    {
      title: t('agencyNotices.audience'),
      key: 'audience',
      responsive: ['lg'],
      render: (_, notice) => <AudienceText notice={notice} />,
    },
    {
      title: t('agencyNotices.recipients'),
      key: 'recipients',
      responsive: ['md'],
      render: (_, notice) =>
        notice.status === 'sent' ? (
          <span data-testid={`notice-recipients-${notice.id}`}>
            {t('agencyNotices.recipientCount', { count: notice.recipient_count })}
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: <Tooltip title={t('agencyNotices.readCountsHint')}>{t('agencyNotices.reads')}</Tooltip>,
      key: 'reads',
      responsive: ['md'],
      render: (_, notice) =>
        notice.status === 'sent' ? (
          <span data-testid={`notice-reads-${notice.id}`}>
            {t('agencyNotices.readCounts', { accounts: notice.read_account_count, users: notice.read_user_count })}
          </span>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <>
      <PageHeader
        extra={
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => setComposing(true)}
            data-testid="compose-notice"
          >
            {t('agencyNotices.compose')}
          </Button>
        }
      />
      <ResourceTable<AgencyNotice>
        params={notices}
        list={notices.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('agencyNotices.searchPlaceholder')}
              onSearch={(q) => update({ q })}
            />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('agencyNotices.status')}
              onChange={(status?: string) => update({ status })}
              options={NOTICE_STATUSES.map((status) => ({
                value: status,
                label: t(`agencyNotices.statuses.${status}`),
              }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(notice) => `notice-row-${notice.id}`}
        emptyText={notices.filtered ? t('agencyNotices.noMatch') : t('agencyNotices.empty')}
        testId="notices-table"
      />
      {composing && <NoticeComposeModal onClose={() => setComposing(false)} />}
      {openId !== null && <NoticeDetailDrawer id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
