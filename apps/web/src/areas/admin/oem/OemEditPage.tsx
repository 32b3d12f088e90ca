import { adminOemOptionsApi, oemInput, oemsApi, type Oem } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { flagBrandingReload } from '../../../app/branding/branding.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { bodyOf, formValuesOf, OemForm, type OemFormValues } from './OemForm.tsx';
import { LIST_PATH } from './paths.ts';

function EditForm({ oem }: { oem: Oem }) {
  const model = useResourceForm({
    schema: oemInput,
    save: async (values: OemFormValues) => {
      const saved = await call(oemsApi.update, { params: { id: oem.id }, body: { ...bodyOf(values), id: oem.id } });
      // Branding follows the edit at once: the next route change reloads this host's theme.
      await flagBrandingReload();
      return saved;
    },
    notice: 'saved',
    changes: [oemsApi.list, oemsApi.get, adminOemOptionsApi.list],
    next: () => LIST_PATH,
  });
  return <OemForm model={model} initialValues={formValuesOf(oem)} cancelTo={LIST_PATH} />;
}

export default function OemEditPage() {
  return (
    <RecordPage
      endpoint={oemsApi.get}
      backTo={LIST_PATH}
      remove={{ resource: oemsApi, name: ({ data }) => data.service_name, changes: [adminOemOptionsApi.list] }}
    >
      {({ data }) => <EditForm key={data.updated_at} oem={data} />}
    </RecordPage>
  );
}
