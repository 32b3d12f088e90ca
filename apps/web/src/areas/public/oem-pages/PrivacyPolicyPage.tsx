import { OemTextPage } from './OemTextPage.tsx';

export default function PrivacyPolicyPage() {
  return <OemTextPage kind="privacy_policy" />;
}
