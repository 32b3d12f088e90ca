import { LabelsPage } from '../labels/LabelsPage.tsx';
import { MARK_KIND } from '../labels/label-kind.ts';

/** /service/marks: the shared labels screen for marks (with a colour). */
export default function MarksPage() {
  return <LabelsPage kind={MARK_KIND} />;
}
