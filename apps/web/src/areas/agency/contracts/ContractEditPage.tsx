import { agencyContractsApi, contractBody, type ContractDetail } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { contractBodyOf, ContractForm, toDay, type ContractFormValues } from './ContractForm.tsx';
import { LIST_PATH } from './paths.ts';

function EditForm({ contract }: { contract: ContractDetail }) {
  const model = useResourceForm({
    schema: contractBody,
    save: (values: ContractFormValues) =>
      call(agencyContractsApi.update, { params: { id: contract.id }, body: contractBodyOf(values) }),
    notice: 'saved',
    changes: [agencyContractsApi.list, agencyContractsApi.get],
    next: () => `${LIST_PATH}/${contract.id}`,
  });
  return (
    <ContractForm
      model={model}
      initialValues={{
        account_id: contract.account.id,
        oem_plan_id: contract.plan.id,
        start_date: toDay(contract.start_date),
        end_date: toDay(contract.end_date),
        ...(contract.monthly_fee_yen === undefined ? {} : { monthly_fee_yen: contract.monthly_fee_yen }),
        billing_cycle: contract.billing_cycle,
        auto_renewal: contract.auto_renewal,
        notes: contract.notes,
      }}
      currentPlanId={contract.plan.id}
      cancelTo={`${LIST_PATH}/${contract.id}`}
    />
  );
}

export default function ContractEditPage() {
  return (
    <RecordPage endpoint={agencyContractsApi.get} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} contract={data} />}
    </RecordPage>
  );
}
