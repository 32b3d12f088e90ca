import { OemTextPage } from './OemTextPage.tsx';

export default function RulePage() {
  return <OemTextPage kind="terms" />;
}
