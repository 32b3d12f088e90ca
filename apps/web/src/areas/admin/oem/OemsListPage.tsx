import { adminOemOptionsApi, oemsApi, type Oem } from '@linq/contract';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery } from '../../../app/api/queries.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';
import { ColourSwatch } from './ColourSwatch.tsx';
import { editPath, LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/oems.ts';

const FILTERS = ['q'] as const;

export default function OemsListPage() {
  const { t } = useTranslation();
  const oems = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(oemsApi.list, { query: { page, limit, q: filters.q } }),
  );
  const removeOem = useRemoveRecord(oemsApi, [adminOemOptionsApi.list]);

  const columns: ColumnsType<Oem> = [
    {
      title: t('oems.serviceName'),
      key: 'service_name',
      render: (_, oem) => (
        <Space size={4} wrap>
          <Link to={editPath(oem.id)} data-testid={`oem-link-${oem.id}`}>
            {oem.service_name}
          </Link>
          {oem.is_default && <Tag color="blue">{t('oems.defaultTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('oems.name'), key: 'name', responsive: ['md'], render: (_, oem) => oem.name },
    {
      title: t('oems.domains'),
      key: 'domains',
      render: (_, oem) => (
        <Space size={4} wrap>
          {oem.domains.map((domain) => (
            <Tag key={domain}>{domain}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('oems.colours'),
      key: 'colours',
      responsive: ['lg'],
      render: (_, oem) => (
        <Space size={4}>
          <ColourSwatch colour={oem.primary_color} />
          <ColourSwatch colour={oem.header_color} />
          <ColourSwatch colour={oem.sider_color} />
        </Space>
      ),
    },
    {
      title: `${t('oems.agencyCount')} / ${t('oems.accountCount')}`,
      key: 'counts',
      responsive: ['md'],
      render: (_, oem) => t('oems.counts', { agencies: oem.agency_count, accounts: oem.account_count }),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, oem) => (
        <RowActions
          id={oem.id}
          name={oem.service_name}
          editTo={editPath(oem.id)}
          onDelete={() => removeOem(oem.id, oems.afterRemove)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <ResourceTable<Oem>
        params={oems}
        list={oems.list}
        columns={columns}
        toolbar={
          <ListSearch
            value={oems.filters.q}
            placeholder={t('oems.searchPlaceholder')}
            onSearch={(q) => oems.update({ q })}
            width={320}
          />
        }
        rowTestId={(oem) => `oem-row-${oem.id}`}
        emptyText={oems.filtered ? t('oems.noMatch') : t('oems.empty')}
        testId="oems-table"
      />
    </>
  );
}
