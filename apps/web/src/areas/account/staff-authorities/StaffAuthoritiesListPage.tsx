import { staffAuthoritiesApi, type StaffAuthority } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointQuery } from '../../../app/api/queries.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { levelCounts } from '../../../components/PermissionMatrix.tsx';
import { testId } from '../../../components/test-id.ts';
import { useListParams } from '../../../components/useListParams.ts';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';

const FILTERS = ['q'] as const;

export default function StaffAuthoritiesListPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  // Entering the list loads the staff authorities (spec section 2).
  const authorities = useQuery({
    ...endpointQuery(staffAuthoritiesApi.list, { query: { page, limit, q: filters.q } }),
    placeholderData: keepPreviousData,
  });
  const removeAuthority = useRemoveRecord(staffAuthoritiesApi);
  const rows = authorities.data?.data ?? [];

  const remove = (authority: StaffAuthority) =>
    // The last row of a later page is gone: show the page before it.
    removeAuthority(authority.id, () => {
      if (rows.length === 1 && page > 1) update({ page: page - 1 });
    });

  const columns: ColumnsType<StaffAuthority> = [
    {
      title: t('staffAuthorities.name'),
      key: 'name',
      render: (_, authority) => (
        <Link to={`/account/staff_authorities/${authority.id}`} data-testid={`staff-authority-link-${authority.id}`}>
          {authority.name}
        </Link>
      ),
    },
    {
      title: t('staffAuthorities.description'),
      dataIndex: 'description',
      key: 'description',
      responsive: ['md'],
      ellipsis: true,
    },
    {
      title: t('staffAuthorities.permissions'),
      key: 'permissions',
      responsive: ['sm'],
      render: (_, authority) => t('staffAuthorities.summary', levelCounts(authority.permissions)),
    },
    { title: t('staffAuthorities.userCount'), dataIndex: 'user_count', key: 'user_count', align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, authority) => (
        <RowActions
          id={authority.id}
          name={authority.name}
          editTo={`/account/staff_authorities/${authority.id}/edit`}
          onDelete={() => remove(authority)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to="/account/staff_authorities/create" />} />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <ListSearch
            value={filters.q}
            placeholder={t('staffAuthorities.searchPlaceholder')}
            onSearch={(q) => update({ q })}
          />
        </Flex>
        <Table<StaffAuthority>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={{ spinning: authorities.isFetching, delay: SPINNER_DELAY_MS }}
          onRow={(authority) => testId(`staff-authority-row-${authority.id}`)}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty description={filters.q ? t('staffAuthorities.noMatch') : t('staffAuthorities.empty')} />,
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: authorities.data?.total_item_count ?? 0,
            showSizeChanger: true,
            showTotal: (total) => (
              <Typography.Text type="secondary">{t('common.total', { count: total })}</Typography.Text>
            ),
            onChange: (nextPage, pageSize) => update(pageSize !== limit ? { limit: pageSize } : { page: nextPage }),
          }}
          data-testid="staff-authorities-table"
        />
      </Card>
    </>
  );
}
