import type { Role } from '@linq/contract';
import { oemsApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery } from '../../../app/api/queries.ts';
import { loginPath } from '../../../app/areas.ts';
import { useBranding } from '../../../app/branding/branding.ts';
import { DEFAULT_SERVICE_NAME } from '../../../app/branding/title.ts';
import '../../../app/i18n/parts/public.ts';
import '../../../app/i18n/parts/oems.ts';

const LOGIN_AREAS: readonly Role[] = ['service', 'account', 'agency', 'admin'];

/** The landing page of the OEM owning this host: its name, logo and text, the logins and its privacy pages. */
export default function LandingPage() {
  const { t } = useTranslation();
  const { themes } = useBranding();
  // The text is the landing's own; name and logo come with the branding the shell loads anyway.
  const landing = useQuery(
    endpointQuery(oemsApi.landing, { query: { domain: window.location.hostname } }, { handles: 'all' }),
  );
  const serviceName = themes?.service_name ?? landing.data?.data.service_name ?? DEFAULT_SERVICE_NAME;
  const logoUrl = themes?.image_urls.logo_url ?? landing.data?.data.logo_url;
  const text = landing.data?.data.landing_text;

  return (
    <Flex justify="center" style={{ paddingTop: '8vh' }}>
      <Card style={{ width: 'min(560px, 100%)', textAlign: 'center' }}>
        {logoUrl && (
          <img
            src={logoUrl}
            alt=""
            style={{ height: 48, maxWidth: '100%', objectFit: 'contain' }}
            data-testid="landing-logo"
          />
        )}
        <Typography.Title level={2} data-testid="landing-service-name">
          {serviceName}
        </Typography.Title>
        {text && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', textAlign: 'start' }} data-testid="landing-text">
            {text}
          </Typography.Paragraph>
        )}
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
        <Space split="|" style={{ marginTop: 24 }}>
          <Link to="/privacy-policy" data-testid="landing-privacy-link">
            {t('oemPages.privacyPolicy')}
          </Link>
          <Link to="/rule" data-testid="landing-rule-link">
            {t('oemPages.rule')}
          </Link>
        </Space>
      </Card>
    </Flex>
  );
}
