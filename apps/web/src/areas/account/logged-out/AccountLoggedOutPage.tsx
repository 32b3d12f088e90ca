import { LoggedOutPage } from '../../../components/auth/LoggedOutPage.tsx';

export default function AccountLoggedOutPage() {
  return <LoggedOutPage role="account" />;
}
