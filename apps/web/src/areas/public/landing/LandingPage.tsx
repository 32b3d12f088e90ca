import type { Role } from '@linq/contract';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { loginPath } from '../../../app/areas.ts';
import { useBranding } from '../../../app/branding/branding.ts';
import { DEFAULT_SERVICE_NAME } from '../../../app/branding/title.ts';
import '../../../app/i18n/parts/public.ts';

const LOGIN_AREAS: readonly Role[] = ['service', 'account', 'agency', 'admin'];

/** The OEM's landing page for this host, with the four logins. */
export default function LandingPage() {
  const { t } = useTranslation();
  const { themes } = useBranding();
  const serviceName = themes?.service_name ?? DEFAULT_SERVICE_NAME;
  const logoUrl = themes?.image_urls.logo_url;

  return (
    <Flex justify="center" style={{ paddingTop: '8vh' }}>
      <Card style={{ width: 'min(480px, 100%)', textAlign: 'center' }}>
        {logoUrl && <img src={logoUrl} alt="" style={{ height: 48, maxWidth: '100%', objectFit: 'contain' }} />}
        <Typography.Title level={2} data-testid="landing-service-name">
          {serviceName}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('landing.chooseLogin')}</Typography.Paragraph>
        <Flex vertical gap={8}>
          {LOGIN_AREAS.map((role) => (
            <Link key={role} to={loginPath(role)} data-testid={`landing-login-${role}`}>
              <Button block size="large" type={role === 'service' ? 'primary' : 'default'}>
                {t('auth.loginTitle', { area: t(`areas.${role}`) })}
              </Button>
            </Link>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
