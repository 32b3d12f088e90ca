import { adminsApi, adminUpdateBody, type AdminUser } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { AdminForm, type AdminFormValues } from './AdminForm.tsx';
import { LIST_PATH } from './paths.ts';

function EditForm({ admin, oemId }: { admin: AdminUser; oemId: number | undefined }) {
  const model = useResourceForm({
    schema: adminUpdateBody,
    save: (values: AdminFormValues) =>
      call(adminsApi.update, {
        params: { id: admin.id },
        query: { oem_id: oemId },
        body: { name: values.name, email: values.email, status: values.status ?? admin.status },
      }),
    notice: 'saved',
    changes: [adminsApi.list, adminsApi.get],
    next: () => LIST_PATH,
  });
  return (
    <AdminForm
      mode="edit"
      model={model}
      initialValues={{ name: admin.name, email: admin.email, status: admin.status }}
      cancelTo={LIST_PATH}
    />
  );
}

export default function AdminEditPage() {
  const oemId = useActingOem();
  return (
    <RecordPage endpoint={adminsApi.get} query={{ oem_id: oemId }} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} admin={data} oemId={oemId} />}
    </RecordPage>
  );
}
