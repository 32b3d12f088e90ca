import { useSearchParams } from 'react-router';
import { LoginPage } from '../../../components/auth/LoginPage.tsx';
import { ResetPasswordPage } from '../../../components/auth/ResetPasswordPage.tsx';

/** The owner's invitation link is /account/login?invitation=…: they set their password first. */
export default function AccountLoginPage() {
  const invitation = useSearchParams()[0].get('invitation');
  return invitation ? <ResetPasswordPage role="account" token={invitation} /> : <LoginPage role="account" />;
}
