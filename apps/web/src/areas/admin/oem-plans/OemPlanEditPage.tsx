import { oemPlanBody, oemPlansApi, type OemPlan } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { OemPlanForm, type OemPlanFormValues } from './OemPlanForm.tsx';
import { LIST_PATH } from './paths.ts';

function formValuesOf(plan: OemPlan): OemPlanFormValues {
  return {
    name: plan.name,
    monthly_price_yen: plan.monthly_price_yen,
    max_channels: plan.max_channels,
    max_staff_users: plan.max_staff_users,
    max_monthly_messages: plan.max_monthly_messages,
    rich_menu_rules: plan.rich_menu_rules,
    forms: plan.forms,
    inflow_routes: plan.inflow_routes,
    status: plan.status,
  };
}

function EditForm({ plan, oemId }: { plan: OemPlan; oemId: number | undefined }) {
  const model = useResourceForm({
    schema: oemPlanBody,
    save: (values: OemPlanFormValues) =>
      call(oemPlansApi.update, { params: { id: plan.id }, query: { oem_id: oemId }, body: values }),
    notice: 'saved',
    changes: [oemPlansApi.list, oemPlansApi.get],
    next: () => LIST_PATH,
  });
  return <OemPlanForm model={model} initialValues={formValuesOf(plan)} cancelTo={LIST_PATH} />;
}

export default function OemPlanEditPage() {
  const oemId = useActingOem();
  return (
    <RecordPage endpoint={oemPlansApi.get} query={{ oem_id: oemId }} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} plan={data} oemId={oemId} />}
    </RecordPage>
  );
}
