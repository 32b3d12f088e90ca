import { TemplateListPage } from './TemplateListPage.tsx';
import { SERVICE_TEMPLATES } from './template-kind.ts';

/** /service/templates/:message_type: the channel's templates of one message type. */
export default function TemplatesPage() {
  return <TemplateListPage kind={SERVICE_TEMPLATES} />;
}
