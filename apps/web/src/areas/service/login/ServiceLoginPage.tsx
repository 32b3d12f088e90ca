import { LoginPage } from '../../../components/auth/LoginPage.tsx';

export default function ServiceLoginPage() {
  return <LoginPage role="service" />;
}
