import { TemplateListPage } from '../../service/templates/TemplateListPage.tsx';
import { TEPPAN_TEMPLATES } from '../../service/templates/template-kind.ts';

/** /admin/teppan/templates/:message_type: the platform's teppan templates, in admin folders. */
export default function TeppanTemplatesPage() {
  return <TemplateListPage kind={TEPPAN_TEMPLATES} />;
}
