import { LoginPage } from '../../../components/auth/LoginPage.tsx';

export default function AgencyLoginPage() {
  return <LoginPage role="agency" />;
}
