import { EditOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  AGENCY_ROLES,
  AGENCY_USER_STATUSES,
  agencyUsersApi,
  type AgencyUser,
  type AgencyUserBody,
} from '@linq/contract';
import { Button, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { ListSearch } from '../../../components/ListParts.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { RoleTag, UserStateTag } from './UserStateTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agency-users.ts';

const FILTERS = ['q', 'role', 'status'] as const;

const parseStatus = (value: string | undefined): AgencyUser['status'] | undefined =>
  AGENCY_USER_STATUSES.find((status) => status === value);
const parseRole = (value: string | undefined): AgencyUser['role'] | undefined =>
  AGENCY_ROLES.find((role) => role === value);

function InviteButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const invite = useEndpointMutation(agencyUsersApi.create, { handles: [422] });
  const send = async (values: AgencyUserBody) => {
    await invite.mutateAsync({ body: values });
    feedback.notifySuccess(t('agencyUsers.invitationSent'));
    await invalidateEndpoints(agencyUsersApi.list);
  };
  return (
    <>
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => setOpen(true)} data-testid="invite-user">
        {t('agencyUsers.invite')}
      </Button>
      {open && (
        <FormModal<AgencyUserBody>
          title={t('agencyUsers.inviteTitle')}
          initialValues={{ name: '', email: '', role: 'member' }}
          fieldNames={['name', 'email', 'role']}
          onSubmit={send}
          onClose={() => setOpen(false)}
          okText={t('agencyUsers.invite')}
          okTestId="invite-submit"
        >
          <Typography.Paragraph type="secondary">{t('agencyUsers.inviteHint')}</Typography.Paragraph>
          <Form.Item name="name" label={t('agencyUsers.name')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} data-testid="invite-name" />
          </Form.Item>
          <Form.Item name="email" label={t('agencyUsers.email')} rules={[{ required: true, type: 'email' }]}>
            <Input type="email" maxLength={255} data-testid="invite-email" />
          </Form.Item>
          <Form.Item name="role" label={t('agencyUsers.role')} rules={[{ required: true }]}>
            <Radio.Group
              options={AGENCY_ROLES.map((role) => ({
                value: role,
                label: <span data-testid={`invite-role-${role}`}>{t(`agencyUsers.roles.${role}`)}</span>,
              }))}
            />
          </Form.Item>
        </FormModal>
      )}
    </>
  );
}

export default function UsersListPage() {
  const { t } = useTranslation();
  const users = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(agencyUsersApi.list, {
      query: { page, limit, q: filters.q, role: parseRole(filters.role), status: parseStatus(filters.status) },
    }),
  );
  const { filters, update } = users;

  const columns: ColumnsType<AgencyUser> = [
    {
      title: t('agencyUsers.name'),
      key: 'name',
      render: (_, user) => (
        <Space size={4}>
          <Link to={`${LIST_PATH}/${user.id}`} data-testid={`user-link-${user.id}`}>
            {user.name}
          </Link>
          {user.is_self && <Tag color="blue">{t('agencyUsers.self')}</Tag>}
        </Space>
      ),
    },
    { title: t('agencyUsers.email'), key: 'email', responsive: ['sm'], render: (_, user) => user.email },
    { title: t('agencyUsers.role'), key: 'role', render: (_, user) => <RoleTag role={user.role} /> },
    {
      title: t('agencyUsers.status'),
      key: 'status',
      render: (_, user) => (
        <span data-testid={`user-status-${user.id}`}>
          <UserStateTag user={user} />
        </span>
      ),
    },
    {
      title: t('agencyUsers.lastLoginAt'),
      key: 'last_login_at',
      responsive: ['md'],
      render: (_, user) => formatDateTime(user.last_login_at),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, user) => (
        <Link to={`${LIST_PATH}/${user.id}/edit`}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('common.edit')}
            data-testid={`row-edit-${user.id}`}
          />
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<InviteButton />} />
      <ResourceTable<AgencyUser>
        params={users}
        list={users.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('agencyUsers.searchPlaceholder')}
              onSearch={(q) => update({ q })}
            />
            <Select
              allowClear
              value={parseRole(filters.role)}
              placeholder={t('agencyUsers.role')}
              onChange={(role?: string) => update({ role })}
              options={AGENCY_ROLES.map((role) => ({ value: role, label: t(`agencyUsers.roles.${role}`) }))}
              style={{ width: 160 }}
              data-testid="filter-role"
            />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('agencyUsers.status')}
              onChange={(status?: string) => update({ status })}
              options={AGENCY_USER_STATUSES.map((status) => ({
                value: status,
                label: t(`agencyUsers.statuses.${status}`),
              }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(user) => `user-row-${user.id}`}
        emptyText={users.filtered ? t('agencyUsers.noMatch') : t('agencyUsers.empty')}
        testId="users-table"
      />
    </>
  );
}
