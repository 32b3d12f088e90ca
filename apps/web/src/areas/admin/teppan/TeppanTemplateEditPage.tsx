import { TemplateEditorPage } from '../../service/templates/TemplateEditorPage.tsx';
import { TEPPAN_TEMPLATES } from '../../service/templates/template-kind.ts';

/** /admin/teppan/templates/:message_type/create and /edit/:id. */
export default function TeppanTemplateEditPage() {
  return <TemplateEditorPage kind={TEPPAN_TEMPLATES} />;
}
