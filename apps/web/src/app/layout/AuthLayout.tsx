import { Flex, Layout, theme, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useBranding } from '../branding/branding.ts';
import { DEFAULT_SERVICE_NAME } from '../branding/title.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/**
 * Login, logged-out and password screens: a centred card under the OEM's name. The card is drawn with the
 * theme's tokens rather than antd's Card, which brings its tabs and their menus (about 35 KiB gzip) into
 * the first load of a login page opened directly.
 */
function AuthLayout() {
  const { themes } = useBranding();
  const { token } = theme.useToken();
  const serviceName = themes?.service_name ?? DEFAULT_SERVICE_NAME;
  const logoUrl = themes?.image_urls.logo_url;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ display: 'grid', placeItems: 'center', padding: 16 }}>
        <Flex vertical gap={16} style={{ width: 'min(420px, 100%)' }}>
          <Flex justify="space-between" align="center" gap={8}>
            {logoUrl ? (
              <img src={logoUrl} alt={serviceName} style={{ height: 36, maxWidth: 200, objectFit: 'contain' }} />
            ) : (
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="service-name">
                {serviceName}
              </Typography.Title>
            )}
            <LanguageSwitch />
          </Flex>
          <div
            style={{
              background: token.colorBgContainer,
              border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              padding: token.paddingLG,
            }}
          >
            <Outlet />
          </div>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}

export const authLayoutRoute = { Component: AuthLayout };
