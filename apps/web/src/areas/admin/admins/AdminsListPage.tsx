import { EditOutlined } from '@ant-design/icons';
import { ADMIN_STATUSES, adminsApi, type AdminUser } from '@linq/contract';
import { Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { CreateButton, ListSearch } from '../../../components/ListParts.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/admins.ts';

const FILTERS = ['q', 'status'] as const;

const parseStatus = (value: string | undefined): AdminUser['status'] | undefined =>
  ADMIN_STATUSES.find((status) => status === value);

function AdminStateTag({ admin }: { admin: AdminUser }) {
  const { t } = useTranslation();
  if (admin.status === 'disabled') return <Tag>{t('admins.statuses.disabled')}</Tag>;
  if (admin.invited) return <Tag color="processing">{t('admins.invited')}</Tag>;
  return <Tag color="success">{t('admins.statuses.active')}</Tag>;
}

export default function AdminsListPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const admins = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(adminsApi.list, {
      query: { page, limit, oem_id: oemId, q: filters.q, status: parseStatus(filters.status) },
    }),
  );
  const { filters, update } = admins;

  const columns: ColumnsType<AdminUser> = [
    {
      title: t('admins.name'),
      key: 'name',
      render: (_, admin) => (
        <Space size={4}>
          <span>{admin.name}</span>
          {admin.is_self && <Tag color="blue">{t('admins.self')}</Tag>}
        </Space>
      ),
    },
    { title: t('admins.email'), key: 'email', responsive: ['sm'], render: (_, admin) => admin.email },
    {
      title: t('admins.status'),
      key: 'status',
      render: (_, admin) => (
        <span data-testid={`admin-status-${admin.id}`}>
          <AdminStateTag admin={admin} />
        </span>
      ),
    },
    {
      title: t('admins.lastLoginAt'),
      key: 'last_login_at',
      responsive: ['md'],
      render: (_, admin) => formatDateTime(admin.last_login_at),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, admin) => (
        <Link to={`${LIST_PATH}/edit/${admin.id}`}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('common.edit')}
            data-testid={`row-edit-${admin.id}`}
          />
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <ResourceTable<AdminUser>
        params={admins}
        list={admins.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch value={filters.q} placeholder={t('admins.searchPlaceholder')} onSearch={(q) => update({ q })} />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('admins.status')}
              onChange={(status?: string) => update({ status })}
              options={ADMIN_STATUSES.map((status) => ({ value: status, label: t(`admins.statuses.${status}`) }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(admin) => `admin-row-${admin.id}`}
        emptyText={admins.filtered ? t('admins.noMatch') : t('admins.empty')}
        testId="admins-table"
      />
    </>
  );
}
