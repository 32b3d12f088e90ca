import { agencyAccountBody, agencyAccountsApi, type AgencyAccountDetail } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { AccountForm, type AccountFormValues } from './AccountForm.tsx';
import { LIST_PATH } from './paths.ts';

function EditForm({ account }: { account: AgencyAccountDetail }) {
  const model = useResourceForm({
    schema: agencyAccountBody,
    save: (values: AccountFormValues) =>
      call(agencyAccountsApi.update, {
        params: { id: account.id },
        body: { name: values.name, oem_plan_id: values.oem_plan_id ?? null, time_zone: values.time_zone },
      }),
    notice: 'saved',
    changes: [agencyAccountsApi.list, agencyAccountsApi.get, agencyAccountsApi.options],
    next: () => `${LIST_PATH}/${account.id}`,
  });
  return (
    <AccountForm
      model={model}
      initialValues={{ name: account.name, oem_plan_id: account.plan?.id ?? null, time_zone: account.time_zone }}
      currentPlanId={account.plan?.id ?? null}
      cancelTo={`${LIST_PATH}/${account.id}`}
    />
  );
}

export default function AccountEditPage() {
  return (
    <RecordPage endpoint={agencyAccountsApi.get} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} account={data} />}
    </RecordPage>
  );
}
