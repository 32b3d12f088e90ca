import { agencyContractsApi, contractBody } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { contractBodyOf, ContractForm, type ContractFormValues } from './ContractForm.tsx';
import { LIST_PATH } from './paths.ts';

const NEW_CONTRACT: ContractFormValues = {
  billing_cycle: 'monthly',
  auto_renewal: false,
  notes: '',
};

export default function ContractCreatePage() {
  const model = useResourceForm({
    schema: contractBody,
    save: (values: ContractFormValues) => call(agencyContractsApi.create, { body: contractBodyOf(values) }),
    notice: 'created',
    changes: [agencyContractsApi.list],
    next: ({ data }) => `${LIST_PATH}/${data.id}`,
  });
  return (
    <ResourcePage backTo={LIST_PATH}>
      <ContractForm model={model} initialValues={NEW_CONTRACT} cancelTo={LIST_PATH} />
    </ResourcePage>
  );
}
