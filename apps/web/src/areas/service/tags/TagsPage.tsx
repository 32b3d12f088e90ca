import { LabelsPage } from '../labels/LabelsPage.tsx';
import { TAG_KIND } from '../labels/label-kind.ts';

/** /service/tags: the shared labels screen for tags. */
export default function TagsPage() {
  return <LabelsPage kind={TAG_KIND} />;
}
