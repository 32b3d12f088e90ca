import { agenciesApi, agencyBody } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { AgencyForm, type AgencyFormValues } from './AgencyForm.tsx';
import { LIST_PATH } from './paths.ts';

const NEW_AGENCY: AgencyFormValues = {
  name: '',
  contact_name: '',
  contact_email: '',
  contact_phone: '',
  status: 'active',
};

export default function AgencyCreatePage() {
  const oemId = useActingOem();
  const model = useResourceForm({
    schema: agencyBody,
    save: (values: AgencyFormValues) => call(agenciesApi.create, { query: { oem_id: oemId }, body: values }),
    notice: 'created',
    changes: [agenciesApi.list, agenciesApi.options],
    next: ({ data }) => `${LIST_PATH}/${data.id}`,
  });
  return (
    <ResourcePage backTo={LIST_PATH}>
      <AgencyForm model={model} initialValues={NEW_AGENCY} cancelTo={LIST_PATH} />
    </ResourcePage>
  );
}
