import { accountUpdateBody, adminAccountsApi, type AdminAccountDetail } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { AccountForm, type AccountFormValues } from './AccountForm.tsx';
import { LIST_PATH } from './paths.ts';

function EditForm({ account, oemId }: { account: AdminAccountDetail; oemId: number | undefined }) {
  const model = useResourceForm({
    schema: accountUpdateBody,
    save: (values: AccountFormValues) =>
      call(adminAccountsApi.update, {
        params: { id: account.id },
        query: { oem_id: oemId },
        body: {
          name: values.name,
          agency_id: values.agency_id,
          oem_plan_id: values.oem_plan_id,
          time_zone: values.time_zone,
          status: values.status,
        },
      }),
    notice: 'saved',
    changes: [adminAccountsApi.list, adminAccountsApi.get],
    next: () => `${LIST_PATH}/${account.id}`,
  });
  const initialValues: AccountFormValues = {
    name: account.name,
    agency_id: account.agency?.id ?? null,
    oem_plan_id: account.plan?.id ?? null,
    time_zone: account.time_zone,
    status: account.status,
  };
  return (
    <AccountForm
      model={model}
      initialValues={initialValues}
      oemId={oemId}
      currentPlanId={account.plan?.id ?? null}
      cancelTo={`${LIST_PATH}/${account.id}`}
    />
  );
}

export default function AccountEditPage() {
  const oemId = useActingOem();
  return (
    <RecordPage endpoint={adminAccountsApi.get} query={{ oem_id: oemId }} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} account={data} oemId={oemId} />}
    </RecordPage>
  );
}
