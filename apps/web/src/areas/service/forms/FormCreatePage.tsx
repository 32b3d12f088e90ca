import { useSearchParams } from 'react-router';
import { useNavigate } from '../../../app/navigation.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { FormBuilder } from './builder/FormBuilder.tsx';
import { formPath, FORMS_PATH } from './paths.ts';

/** /service/forms/create (`?folder_id=` puts it in that folder): the builder; a saved form opens on its page. */
export default function FormCreatePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader backTo={FORMS_PATH} />
      <FormBuilder
        form={null}
        folderId={recordId(search.get('folder_id') ?? undefined) ?? null}
        onSaved={(form, allowLeave) => {
          allowLeave();
          void navigate(formPath(form.id, 'edit'), { replace: true });
        }}
      />
    </>
  );
}
