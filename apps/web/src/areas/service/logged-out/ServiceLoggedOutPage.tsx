import { LoggedOutPage } from '../../../components/auth/LoggedOutPage.tsx';

export default function ServiceLoggedOutPage() {
  return <LoggedOutPage role="service" />;
}
