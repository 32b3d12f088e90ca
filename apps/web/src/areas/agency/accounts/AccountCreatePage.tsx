import { agencyAccountCreateBody, agencyAccountsApi } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { AccountForm, type AccountFormValues } from './AccountForm.tsx';
import { LIST_PATH } from './paths.ts';

const NEW_ACCOUNT: AccountFormValues = {
  name: '',
  owner_name: '',
  owner_email: '',
  oem_plan_id: null,
  time_zone: 'Asia/Tokyo',
};

export default function AccountCreatePage() {
  const model = useResourceForm({
    schema: agencyAccountCreateBody,
    save: (values: AccountFormValues) =>
      call(agencyAccountsApi.create, {
        // The form's rules have made sure the owner fields are filled in.
        body: { ...values, owner_name: values.owner_name ?? '', owner_email: values.owner_email ?? '' },
      }),
    notice: 'created',
    changes: [agencyAccountsApi.list, agencyAccountsApi.options],
    next: ({ data }) => `${LIST_PATH}/${data.id}`,
  });
  return (
    <ResourcePage backTo={LIST_PATH}>
      <AccountForm
        model={model}
        ownerRules={{ owner_name: model.rule('owner_name'), owner_email: model.rule('owner_email') }}
        initialValues={NEW_ACCOUNT}
        cancelTo={LIST_PATH}
      />
    </ResourcePage>
  );
}
