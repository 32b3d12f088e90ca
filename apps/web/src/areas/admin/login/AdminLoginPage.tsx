import { LoginPage } from '../../../components/auth/LoginPage.tsx';

export default function AdminLoginPage() {
  return <LoginPage role="admin" />;
}
