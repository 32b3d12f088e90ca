import { LoginPage } from '../../../components/auth/LoginPage.tsx';

export default function AccountLoginPage() {
  return <LoginPage role="account" />;
}
