import { ForgotPasswordPage } from '../../../components/auth/ForgotPasswordPage.tsx';

export default function AgencyForgotPasswordPage() {
  return <ForgotPasswordPage role="agency" />;
}
