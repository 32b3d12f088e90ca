import {
  accountUsersApi,
  staffAuthoritiesApi,
  staffAuthorityInput,
  type StaffAuthority,
  type StaffAuthorityInput,
} from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { StaffAuthorityForm } from './StaffAuthorityForm.tsx';

function EditForm({ authority }: { authority: StaffAuthority }) {
  const detailPath = `/account/staff_authorities/${authority.id}`;
  const model = useResourceForm({
    schema: staffAuthorityInput,
    // The spec's PUT body includes the id.
    save: (values: StaffAuthorityInput) =>
      call(
        staffAuthoritiesApi.update,
        { params: { id: authority.id }, body: { ...values, id: authority.id } },
        { handles: [409] },
      ),
    notice: 'saved',
    changes: [staffAuthoritiesApi.list, staffAuthoritiesApi.get, accountUsersApi.list, accountUsersApi.get],
    next: () => detailPath,
  });
  const initialValues: StaffAuthorityInput = {
    name: authority.name,
    description: authority.description,
    permissions: authority.permissions,
  };
  return <StaffAuthorityForm model={model} initialValues={initialValues} cancelTo={detailPath} />;
}

export default function StaffAuthorityEditPage() {
  return (
    <RecordPage endpoint={staffAuthoritiesApi.get} backTo="/account/staff_authorities">
      {({ data }) => <EditForm key={data.updated_at} authority={data} />}
    </RecordPage>
  );
}
