import { oemPlanBody, oemPlansApi } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { OemPlanForm, type OemPlanFormValues } from './OemPlanForm.tsx';
import { LIST_PATH } from './paths.ts';

const NEW_PLAN: OemPlanFormValues = {
  name: '',
  monthly_price_yen: 0,
  max_channels: 1,
  max_staff_users: 3,
  max_monthly_messages: 1000,
  rich_menu_rules: true,
  forms: true,
  inflow_routes: true,
  status: 'active',
};

export default function OemPlanCreatePage() {
  const oemId = useActingOem();
  const model = useResourceForm({
    schema: oemPlanBody,
    save: (values: OemPlanFormValues) => call(oemPlansApi.create, { query: { oem_id: oemId }, body: values }),
    notice: 'created',
    changes: [oemPlansApi.list],
    next: () => LIST_PATH,
  });
  return (
    <ResourcePage backTo={LIST_PATH}>
      <OemPlanForm model={model} initialValues={NEW_PLAN} cancelTo={LIST_PATH} />
    </ResourcePage>
  );
}
