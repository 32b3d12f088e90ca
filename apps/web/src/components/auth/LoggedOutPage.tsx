import type { Role } from '@linq/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../app/navigation.tsx';
import { loginPath } from '../../app/areas.ts';

export function LoggedOutPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={<span data-testid="page-title">{t('auth.loggedOut')}</span>}
      subTitle={t('auth.loggedOutHint')}
      extra={
        <Link to={loginPath(role)}>
          <Button type="primary" data-testid="to-login">
            {t('auth.toLogin')}
          </Button>
        </Link>
      }
      data-testid="logged-out"
    />
  );
}
