import { adminOemOptionsApi, oemInput, oemsApi } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { flagBrandingReload } from '../../../app/branding/branding.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { bodyOf, NEW_OEM, OemForm, type OemFormValues } from './OemForm.tsx';
import { LIST_PATH } from './paths.ts';

export default function OemCreatePage() {
  const model = useResourceForm({
    schema: oemInput,
    save: async (values: OemFormValues) => {
      const saved = await call(oemsApi.create, { body: bodyOf(values) });
      // A new default OEM changes this host's branding.
      await flagBrandingReload();
      return saved;
    },
    notice: 'created',
    changes: [oemsApi.list, adminOemOptionsApi.list],
    next: () => LIST_PATH,
  });
  return (
    <ResourcePage backTo={LIST_PATH}>
      <OemForm model={model} initialValues={NEW_OEM} cancelTo={LIST_PATH} />
    </ResourcePage>
  );
}
