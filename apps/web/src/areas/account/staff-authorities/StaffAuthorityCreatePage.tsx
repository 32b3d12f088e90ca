import { permissionsWith, staffAuthoritiesApi, staffAuthorityInput, type StaffAuthorityInput } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { StaffAuthorityForm } from './StaffAuthorityForm.tsx';

/** A new authority grants nothing until the owner chooses (or applies a preset). */
const NEW_AUTHORITY: StaffAuthorityInput = { name: '', description: '', permissions: permissionsWith('none', false) };

export default function StaffAuthorityCreatePage() {
  const model = useResourceForm({
    schema: staffAuthorityInput,
    save: (values: StaffAuthorityInput) => call(staffAuthoritiesApi.create, { body: values }, { handles: [409] }),
    notice: 'created',
    changes: [staffAuthoritiesApi.list],
    next: ({ data }) => `/account/staff_authorities/${data.id}`,
  });
  return (
    <ResourcePage backTo="/account/staff_authorities">
      <StaffAuthorityForm model={model} initialValues={NEW_AUTHORITY} cancelTo="/account/staff_authorities" />
    </ResourcePage>
  );
}
