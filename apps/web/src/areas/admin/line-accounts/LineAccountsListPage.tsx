import { adminLineAccountsApi, LINE_ACCOUNT_STATUSES, type AdminLineAccount } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointQuery } from '../../../app/api/queries.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { testId } from '../../../components/test-id.ts';
import { useListParams } from '../../../components/useListParams.ts';
import { ChannelStatusTag, ConnectionTag, CredentialsInvalidTag } from './ConnectionTag.tsx';
import { LIST_PATH } from './paths.ts';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';

const FILTERS = ['q', 'account_id', 'status'] as const;

function parseStatus(value: string | undefined): AdminLineAccount['status'] | undefined {
  return LINE_ACCOUNT_STATUSES.find((status) => status === value);
}

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function LineAccountsListPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const query = {
    page,
    limit,
    q: filters.q,
    account_id: parseId(filters.account_id),
    status: parseStatus(filters.status),
  };
  const channels = useQuery({
    ...endpointQuery(adminLineAccountsApi.list, { query }),
    placeholderData: keepPreviousData,
  });
  const accounts = useQuery(endpointQuery(adminLineAccountsApi.accountOptions, {}));
  const removeChannel = useRemoveRecord(adminLineAccountsApi);
  const rows = channels.data?.data ?? [];
  const filtered = Object.values(filters).some(Boolean);

  const remove = (channel: AdminLineAccount) =>
    // The last row of a later page is gone: show the page before it.
    removeChannel(channel.id, () => {
      if (rows.length === 1 && page > 1) update({ page: page - 1 });
    });

  const columns: ColumnsType<AdminLineAccount> = [
    {
      title: t('adminLineAccounts.name'),
      key: 'name',
      render: (_, channel) => (
        <Space size={4} wrap>
          <Link to={`${LIST_PATH}/${channel.id}`} data-testid={`line-account-link-${channel.id}`}>
            {channel.name}
          </Link>
          {channel.simulated && <Tag color="purple">{t('adminLineAccounts.targets.simulator')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('adminLineAccounts.account'),
      key: 'account',
      responsive: ['sm'],
      render: (_, channel) => channel.account.name,
    },
    {
      title: t('adminLineAccounts.channelId'),
      key: 'channel_id',
      responsive: ['md'],
      render: (_, channel) => channel.channel_id ?? '-',
    },
    {
      title: t('adminLineAccounts.basicId'),
      key: 'basic_id',
      responsive: ['lg'],
      render: (_, channel) => channel.basic_id ?? '-',
    },
    {
      title: t('adminLineAccounts.status'),
      key: 'status',
      render: (_, channel) => <ChannelStatusTag status={channel.status} />,
    },
    {
      title: t('adminLineAccounts.connection'),
      key: 'connection',
      render: (_, channel) => (
        <>
          <ConnectionTag connection={channel.connection} testIdValue={`connection-state-${channel.id}`} />
          {channel.credentials_invalid && (
            <CredentialsInvalidTag
              credentials={channel.credentials_invalid}
              testIdValue={`credentials-invalid-${channel.id}`}
            />
          )}
        </>
      ),
    },
    {
      title: t('adminLineAccounts.friendCount'),
      dataIndex: 'friend_count',
      key: 'friend_count',
      align: 'right',
      responsive: ['md'],
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, channel) => (
        <RowActions
          id={channel.id}
          name={channel.name}
          editTo={`${LIST_PATH}/${channel.id}/edit`}
          onDelete={() => remove(channel)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <ListSearch
            value={filters.q}
            placeholder={t('adminLineAccounts.searchPlaceholder')}
            onSearch={(q) => update({ q })}
            width={320}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={query.account_id}
            placeholder={t('adminLineAccounts.account')}
            onChange={(id?: number) => update({ account_id: id })}
            options={accounts.data?.data.map((account) => ({ value: account.id, label: account.name }))}
            style={{ width: 220 }}
            data-testid="filter-account"
          />
          <Select
            allowClear
            value={query.status}
            placeholder={t('adminLineAccounts.status')}
            onChange={(status?: string) => update({ status })}
            options={LINE_ACCOUNT_STATUSES.map((status) => ({
              value: status,
              label: t(`channels.statuses.${status}`),
            }))}
            style={{ width: 140 }}
            data-testid="filter-status"
          />
        </Flex>
        <Table<AdminLineAccount>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={{ spinning: channels.isFetching, delay: SPINNER_DELAY_MS }}
          onRow={(channel) => testId(`line-account-row-${channel.id}`)}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                description={filtered ? t('adminLineAccounts.noMatch') : t('adminLineAccounts.empty')}
                data-testid="empty-state"
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: channels.data?.total_item_count ?? 0,
            showSizeChanger: true,
            showTotal: (total) => (
              <Typography.Text type="secondary">{t('common.total', { count: total })}</Typography.Text>
            ),
            onChange: (nextPage, pageSize) => update(pageSize !== limit ? { limit: pageSize } : { page: nextPage }),
          }}
          data-testid="line-accounts-table"
        />
      </Card>
    </>
  );
}
