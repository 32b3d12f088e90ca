import { TemplateEditorPage } from '../../../components/templates/TemplateEditorPage.tsx';
import { TEPPAN_TEMPLATES } from '../../../components/templates/template-kind.ts';

/** /admin/teppan/templates/:message_type/create and /edit/:id. */
export default function TeppanTemplateEditPage() {
  return <TemplateEditorPage kind={TEPPAN_TEMPLATES} />;
}
