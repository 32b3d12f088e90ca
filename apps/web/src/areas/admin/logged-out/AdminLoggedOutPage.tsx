import { LoggedOutPage } from '../../../components/auth/LoggedOutPage.tsx';

export default function AdminLoggedOutPage() {
  return <LoggedOutPage role="admin" />;
}
