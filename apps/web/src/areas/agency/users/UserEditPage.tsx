import {
  AGENCY_ROLES,
  AGENCY_USER_STATUSES,
  agencyUsersApi,
  agencyUserUpdateBody,
  type AgencyUser,
  type AgencyUserUpdateBody,
} from '@linq/contract';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { FormShell, useResourceForm } from '../../../components/ResourceForm.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agency-users.ts';

function EditForm({ user }: { user: AgencyUser }) {
  const { t } = useTranslation();
  const model = useResourceForm({
    schema: agencyUserUpdateBody,
    save: (values: AgencyUserUpdateBody) => call(agencyUsersApi.update, { params: { id: user.id }, body: values }),
    notice: 'saved',
    changes: [agencyUsersApi.list, agencyUsersApi.get],
    next: () => `${LIST_PATH}/${user.id}`,
  });
  const status = Form.useWatch('status', model.form);
  const role = Form.useWatch('role', model.form);
  const initialValues: AgencyUserUpdateBody = {
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
  };
  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={`${LIST_PATH}/${user.id}`}>
      <Form.Item name="name" label={t('agencyUsers.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="email" label={t('agencyUsers.email')} rules={[model.rule('email')]}>
        <Input type="email" maxLength={255} autoComplete="off" data-testid="field-email" />
      </Form.Item>
      <Form.Item
        name="role"
        label={t('agencyUsers.role')}
        extra={role ? t(`agencyUsers.roleHints.${role}`) : undefined}
        rules={[model.choiceRule]}
      >
        <Radio.Group
          options={AGENCY_ROLES.map((value) => ({
            value,
            label: <span data-testid={`field-role-${value}`}>{t(`agencyUsers.roles.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('agencyUsers.status')} rules={[model.choiceRule]}>
        <Radio.Group
          options={AGENCY_USER_STATUSES.map((value) => ({
            value,
            label: <span data-testid={`field-status-${value}`}>{t(`agencyUsers.statuses.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      {status === 'disabled' && user.status === 'active' && (
        <Alert type="warning" showIcon title={t('agencyUsers.disableHint')} style={{ marginBottom: 16 }} />
      )}
      {role !== undefined && role !== user.role && (
        <Alert type="info" showIcon title={t('agencyUsers.roleChangeHint')} style={{ marginBottom: 16 }} />
      )}
    </FormShell>
  );
}

export default function UserEditPage() {
  return (
    <RecordPage endpoint={agencyUsersApi.get} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} user={data} />}
    </RecordPage>
  );
}
