import { useParams } from 'react-router';
import { ResetPasswordPage } from '../../../components/auth/ResetPasswordPage.tsx';

/** The e-mailed link is /agency/reset-password/{token}. */
export default function AgencyResetPasswordPage() {
  const { id } = useParams();
  return <ResetPasswordPage role="agency" token={id ?? null} />;
}
