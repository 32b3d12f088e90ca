import { TemplateListPage } from '../../../components/templates/TemplateListPage.tsx';
import { TEPPAN_TEMPLATES } from '../../../components/templates/template-kind.ts';

/** /admin/teppan/templates/:message_type: the platform's teppan templates, in admin folders. */
export default function TeppanTemplatesPage() {
  return <TemplateListPage kind={TEPPAN_TEMPLATES} />;
}
