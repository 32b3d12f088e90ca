import { ForgotPasswordPage } from '../../../components/auth/ForgotPasswordPage.tsx';

export default function ServiceForgotPasswordPage() {
  return <ForgotPasswordPage role="service" />;
}
