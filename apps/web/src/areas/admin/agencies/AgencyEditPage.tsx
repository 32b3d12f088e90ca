import { agenciesApi, agencyBody, type AgencyDetail } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { AgencyForm, type AgencyFormValues } from './AgencyForm.tsx';
import { LIST_PATH } from './paths.ts';

function EditForm({ agency, oemId }: { agency: AgencyDetail; oemId: number | undefined }) {
  const model = useResourceForm({
    schema: agencyBody,
    save: (values: AgencyFormValues) =>
      call(agenciesApi.update, { params: { id: agency.id }, query: { oem_id: oemId }, body: values }),
    notice: 'saved',
    changes: [agenciesApi.list, agenciesApi.get, agenciesApi.options],
    next: () => `${LIST_PATH}/${agency.id}`,
  });
  const initialValues: AgencyFormValues = {
    name: agency.name,
    contact_name: agency.contact_name,
    contact_email: agency.contact_email,
    contact_phone: agency.contact_phone,
    status: agency.status,
  };
  return <AgencyForm model={model} initialValues={initialValues} cancelTo={`${LIST_PATH}/${agency.id}`} />;
}

export default function AgencyEditPage() {
  const oemId = useActingOem();
  return (
    <RecordPage endpoint={agenciesApi.get} query={{ oem_id: oemId }} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} agency={data} oemId={oemId} />}
    </RecordPage>
  );
}
