import { TemplateListPage } from '../../../components/templates/TemplateListPage.tsx';
import { SERVICE_TEMPLATES } from '../../../components/templates/template-kind.ts';

/** /service/templates/:message_type: the channel's templates of one message type. */
export default function TemplatesPage() {
  return <TemplateListPage kind={SERVICE_TEMPLATES} />;
}
