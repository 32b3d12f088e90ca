import { adminBody, adminsApi } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { AdminForm, type AdminFormValues } from './AdminForm.tsx';
import { LIST_PATH } from './paths.ts';

export default function AdminCreatePage() {
  const oemId = useActingOem();
  const model = useResourceForm({
    schema: adminBody,
    save: (values: AdminFormValues) =>
      call(adminsApi.create, { query: { oem_id: oemId }, body: { name: values.name, email: values.email } }),
    notice: 'created',
    changes: [adminsApi.list],
    next: () => LIST_PATH,
  });
  return (
    <ResourcePage backTo={LIST_PATH}>
      <AdminForm mode="create" model={model} initialValues={{ name: '', email: '' }} cancelTo={LIST_PATH} />
    </ResourcePage>
  );
}
