import { adminLineAccountsApi, LINE_ACCOUNT_STATUSES, type AdminLineAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery } from '../../../app/api/queries.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';
import { ChannelStatusTag, ConnectionTag, CredentialsInvalidTag } from './ConnectionTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/admin.ts';

const FILTERS = ['q', 'account_id', 'status'] as const;

function parseStatus(value: string | undefined): AdminLineAccount['status'] | undefined {
  return LINE_ACCOUNT_STATUSES.find((status) => status === value);
}

export default function LineAccountsListPage() {
  const { t } = useTranslation();
  const channels = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(adminLineAccountsApi.list, {
      query: {
        page,
        limit,
        q: filters.q,
        account_id: recordId(filters.account_id),
        status: parseStatus(filters.status),
      },
    }),
  );
  const { filters, update } = channels;
  const accounts = useQuery(endpointQuery(adminLineAccountsApi.accountOptions, {}));
  const removeChannel = useRemoveRecord(adminLineAccountsApi);

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
      key: 'friend_count',
      align: 'right',
      render: (_, channel) => (
        <span data-testid={`friend-count-${channel.id}`}>
          {t('adminLineAccounts.friendCountValue', { following: channel.following_count, all: channel.friend_count })}
        </span>
      ),
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
          onDelete={() => removeChannel(channel.id, channels.afterRemove)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <ResourceTable<AdminLineAccount>
        params={channels}
        list={channels.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('adminLineAccounts.searchPlaceholder')}
              onSearch={(q) => update({ q })}
              width={320}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={recordId(filters.account_id)}
              placeholder={t('adminLineAccounts.account')}
              onChange={(id?: number) => update({ account_id: id })}
              options={accounts.data?.data.map((account) => ({ value: account.id, label: account.name }))}
              style={{ width: 220 }}
              data-testid="filter-account"
            />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('adminLineAccounts.status')}
              onChange={(status?: string) => update({ status })}
              options={LINE_ACCOUNT_STATUSES.map((status) => ({
                value: status,
                label: t(`channels.statuses.${status}`),
              }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(channel) => `line-account-row-${channel.id}`}
        emptyText={channels.filtered ? t('adminLineAccounts.noMatch') : t('adminLineAccounts.empty')}
        testId="line-accounts-table"
      />
    </>
  );
}
