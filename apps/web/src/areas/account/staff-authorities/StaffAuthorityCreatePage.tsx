import { permissionsWith, staffAuthoritiesApi, type StaffAuthorityInput } from '@linq/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StaffAuthorityForm } from './StaffAuthorityForm.tsx';

/** A new authority grants nothing until the owner chooses (or applies a preset). */
const NEW_AUTHORITY: StaffAuthorityInput = { name: '', description: '', permissions: permissionsWith('none', false) };

export default function StaffAuthorityCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const create = async (values: StaffAuthorityInput) => {
    const { data } = await call(staffAuthoritiesApi.create, { body: values }, { handles: [409] });
    feedback.notifySuccess(t('common.created'));
    await invalidateEndpoints(staffAuthoritiesApi.list);
    await navigate(`/account/staff_authorities/${data.id}`);
  };

  return (
    <>
      <PageHeader backTo="/account/staff_authorities" />
      <Card>
        <StaffAuthorityForm initialValues={NEW_AUTHORITY} cancelTo="/account/staff_authorities" onSubmit={create} />
      </Card>
    </>
  );
}
