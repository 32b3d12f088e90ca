import { UserAddOutlined } from '@ant-design/icons';
import { agenciesApi, type AgencyDetail, type InviteBody, type TenantUser } from '@linq/contract';
import { Button, Card, Form, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { formatDateTime } from '../../../components/format.ts';
import '../../../app/i18n/parts/agencies.ts';

/** A login's state in the admin area: disabled, invited (no login yet) or enabled. */
export function UserStateTag({ user }: { user: TenantUser }) {
  const { t } = useTranslation();
  if (user.status === 'disabled') return <Tag>{t('agencies.userStatuses.disabled')}</Tag>;
  if (user.invited) return <Tag color="processing">{t('agencies.invited')}</Tag>;
  return <Tag color="success">{t('agencies.userStatuses.active')}</Tag>;
}

/** The agency's users: invite by e-mail (a set-password link), disable and enable. */
export function AgencyUsers({ agency, oemId }: { agency: AgencyDetail; oemId: number | undefined }) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const invite = useEndpointMutation(agenciesApi.inviteUser, { handles: [422] });
  const setStatus = useEndpointMutation(agenciesApi.setUserStatus);
  const query = { oem_id: oemId };

  const sendInvitation = async (values: InviteBody) => {
    await invite.mutateAsync({ params: { id: agency.id }, query, body: values });
    feedback.notifySuccess(t('agencies.invitationSent'));
    await invalidateEndpoints(agenciesApi.get, agenciesApi.list);
  };
  const changeStatus = async (user: TenantUser, status: TenantUser['status']) => {
    await setStatus.mutateAsync({ params: { id: agency.id, user_id: user.id }, query, body: { status } });
    await invalidateEndpoints(agenciesApi.get);
  };

  return (
    <Card
      title={t('agencies.users')}
      extra={
        <Button icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="invite-user">
          {t('agencies.invite')}
        </Button>
      }
      style={{ marginTop: 16 }}
    >
      <Table<TenantUser>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={agency.users}
        locale={{ emptyText: t('agencies.noUsers') }}
        onRow={(user) => ({ 'data-testid': `agency-user-${user.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('agencies.userName'), key: 'name', render: (_, user) => user.name },
          { title: t('agencies.userEmail'), key: 'email', render: (_, user) => user.email },
          { title: t('agencies.userStatus'), key: 'state', render: (_, user) => <UserStateTag user={user} /> },
          {
            title: t('agencies.lastLoginAt'),
            key: 'last_login_at',
            responsive: ['md'],
            render: (_, user) => formatDateTime(user.last_login_at),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, user) =>
              user.status === 'active' ? (
                <Popconfirm
                  title={t('agencies.confirmDisableUser', { name: user.name })}
                  okText={t('agencies.disableUser')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
                  // antd keeps the OK button loading until a returned promise settles, although its type says void.
                  // eslint-disable-next-line @typescript-eslint/no-misused-promises
                  onConfirm={() => changeStatus(user, 'disabled').catch(() => undefined)}
                >
                  <Button size="small" danger data-testid={`disable-user-${user.id}`}>
                    {t('agencies.disableUser')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  size="small"
                  onClick={() => void changeStatus(user, 'active').catch(() => undefined)}
                  data-testid={`enable-user-${user.id}`}
                >
                  {t('agencies.enableUser')}
                </Button>
              ),
          },
        ]}
      />
      {inviting && (
        <FormModal<InviteBody>
          title={t('agencies.inviteTitle')}
          initialValues={{ name: '', email: '' }}
          fieldNames={['name', 'email']}
          onSubmit={sendInvitation}
          onClose={() => setInviting(false)}
          okText={t('agencies.invite')}
          okTestId="invite-submit"
        >
          <Typography.Paragraph type="secondary">{t('agencies.inviteHint')}</Typography.Paragraph>

          <Form.Item name="name" label={t('agencies.userName')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} data-testid="invite-name" />
          </Form.Item>
          <Form.Item name="email" label={t('agencies.userEmail')} rules={[{ required: true, type: 'email' }]}>
            <Input type="email" maxLength={255} data-testid="invite-email" />
          </Form.Item>
        </FormModal>
      )}
    </Card>
  );
}
