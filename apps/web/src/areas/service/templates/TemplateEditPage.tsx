import { TemplateEditorPage } from '../../../components/templates/TemplateEditorPage.tsx';
import { SERVICE_TEMPLATES } from '../../../components/templates/template-kind.ts';

/** /service/templates/:message_type/create and /edit/:id. */
export default function TemplateEditPage() {
  return <TemplateEditorPage kind={SERVICE_TEMPLATES} />;
}
