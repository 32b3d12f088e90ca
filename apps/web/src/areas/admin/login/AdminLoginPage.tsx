import { useSearchParams } from 'react-router';
import { LoginPage } from '../../../components/auth/LoginPage.tsx';
import { ResetPasswordPage } from '../../../components/auth/ResetPasswordPage.tsx';

/** An invited admin's link is /admin/login?invitation=…: they set their password first. */
export default function AdminLoginPage() {
  const invitation = useSearchParams()[0].get('invitation');
  return invitation ? <ResetPasswordPage role="admin" token={invitation} /> : <LoginPage role="admin" />;
}
