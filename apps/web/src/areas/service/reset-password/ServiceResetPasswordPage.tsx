import { useSearchParams } from 'react-router';
import { ResetPasswordPage } from '../../../components/auth/ResetPasswordPage.tsx';

/** The e-mailed link is /service/reset-password?token=… */
export default function ServiceResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordPage role="service" token={searchParams.get('token')} />;
}
