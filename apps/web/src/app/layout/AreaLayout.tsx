import { MenuOutlined } from '@ant-design/icons';
import type { Permissions, Role, SessionOf } from '@linq/contract';
import { Button, Drawer, Flex, Grid, Layout, Result, Spin, Typography } from 'antd';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useActingOemId } from '../acting-oem.ts';
import { homePath, loginPath, normalizePath } from '../areas.ts';
import { headerTextColour, siderMenuTheme } from '../branding/theme.ts';
import { useBranding } from '../branding/branding.ts';
import { useChoosingChannel } from '../channels/channels.ts';
import { useTabChannelId } from '../channels/tab-channel.ts';
import { DEFAULT_SERVICE_NAME } from '../branding/title.ts';
import { SPINNER_DELAY_MS } from '../config.ts';
import { serviceLanding } from '../menus.ts';
import { Link, Navigate } from '../navigation.tsx';
import { useRouteHandle } from '../route-handle.ts';
import { requireSession, useSession } from '../session.ts';
import { BillingBanner } from '../../components/BillingBanner.tsx';
import { ChannelSelector } from './ChannelSelector.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

const SIDER_WIDTH = 220;

/**
 * What an area adds to the header beside the channel selector (the service area's friend count
 * and phone panel). The route table passes it in, so the shell imports no area.
 */
export type HeaderTools = ComponentType<{ permissions: Permissions; textColour?: string }>;
/** What the admin area adds to the header (the acting OEM picker of platform admins). */
export type AdminHeaderTools = ComponentType<{ textColour?: string }>;

function Brand({ role, colour }: { role: Role; colour?: string }) {
  const { themes } = useBranding();
  const serviceName = themes?.service_name ?? DEFAULT_SERVICE_NAME;
  const logoUrl = themes?.image_urls.logo_url;
  return (
    <Link
      to={homePath(role)}
      style={{ display: 'flex', alignItems: 'center', minWidth: 0, color: colour }}
      data-testid="brand"
    >
      {logoUrl ? (
        <img src={logoUrl} alt={serviceName} style={{ height: 32, maxWidth: 160, objectFit: 'contain' }} />
      ) : (
        <Typography.Text strong ellipsis style={{ color: colour, fontSize: 16 }}>
          {serviceName}
        </Typography.Text>
      )}
    </Link>
  );
}

/**
 * The service screens, once the tab works in a channel (or has none to work in). A screen belongs to
 * one channel: switching the tab's channel makes it anew (its state and its queries' keys), so nothing
 * typed or read for the old channel is sent to or shown in the new one.
 */
function ChannelPages() {
  const tabChannel = useTabChannelId();
  const choosing = useChoosingChannel();
  if (choosing) return <Spin delay={SPINNER_DELAY_MS} style={{ display: 'block' }} data-testid="choosing-channel" />;
  return <Outlet key={`channel-${tabChannel ?? 'none'}`} />;
}

/**
 * The admin screens of the acting OEM: switching OEM makes them anew, so their queries read (and
 * their forms send) the new OEM's data only.
 */
function AdminPages() {
  const actingOem = useActingOemId();
  return <Outlet key={`oem-${actingOem ?? 'own'}`} />;
}

/**
 * Service screens need their feature granted at least 'view'. The service home is where staff land:
 * without the dashboard they are sent on to the first screen they may view rather than refused.
 */
function FeatureGuard({ session, children }: { session: SessionOf<Role>; children: ReactNode }) {
  const { t } = useTranslation();
  const feature = useRouteHandle()?.feature;
  const { pathname } = useLocation();
  if (session.role === 'service' && feature && session.permissions.features[feature] === 'none') {
    if (normalizePath(pathname) === homePath('service')) {
      return <Navigate to={serviceLanding(session.permissions)} replace />;
    }
    return <Result status="403" title="403" subTitle={t('errors.forbiddenFeature')} data-testid="forbidden" />;
  }
  return children;
}

function AreaShell({
  role,
  session,
  HeaderTools,
  AdminTools,
}: {
  role: Role;
  session: SessionOf<Role>;
  HeaderTools?: HeaderTools;
  AdminTools?: AdminHeaderTools;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const theme = useBranding().themes?.theme;
  const textColour = headerTextColour(theme);
  const menuTheme = siderMenuTheme(theme);
  const permissions = session.role === 'service' ? session.permissions : null;
  // Until the breakpoint is known, assume a wide screen (the common case for a console).
  const wide = screens.lg ?? true;

  const menu = (
    <SideMenu
      role={role}
      permissions={permissions}
      platformAdmin={session.role === 'admin' && session.platform}
      agencyMember={session.role === 'agency' && session.agency_role === 'member'}
      theme={menuTheme}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid={`area-${role}`}>
      {wide && (
        <Layout.Sider width={SIDER_WIDTH} theme={menuTheme} style={{ overflow: 'auto' }}>
          {menu}
        </Layout.Sider>
      )}
      {!wide && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH + 40}
          styles={{ body: { padding: 0, background: theme?.sider_color } }}
          title={<Brand role={role} />}
        >
          {menu}
        </Drawer>
      )}
      <Layout>
        <Layout.Header style={{ height: 'auto', minHeight: 56, lineHeight: 'normal', padding: '8px 16px' }}>
          <Flex align="center" justify="space-between" gap={8} wrap>
            <Flex align="center" gap={8} style={{ minWidth: 0 }}>
              {!wide && (
                <Button
                  type="text"
                  icon={<MenuOutlined />}
                  aria-label={t('header.openMenu')}
                  style={{ color: textColour }}
                  onClick={() => setDrawerOpen(true)}
                  data-testid="menu-toggle"
                />
              )}
              <Brand role={role} colour={textColour} />
            </Flex>
            <Flex align="center" gap={8}>
              {session.role === 'service' && <ChannelSelector permissions={session.permissions} />}
              {session.role === 'admin' && AdminTools && <AdminTools textColour={textColour} />}
              {session.role === 'service' && HeaderTools && (
                <HeaderTools permissions={session.permissions} textColour={textColour} />
              )}
              <UserMenu role={role} userName={session.user.name} textColour={textColour} />
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          <Spin spinning={navigation.state === 'loading'} delay={SPINNER_DELAY_MS}>
            {(session.role === 'account' || session.role === 'service') && (
              <BillingBanner owner={session.role === 'account'} />
            )}
            <FeatureGuard session={session}>
              {session.role === 'service' ? <ChannelPages /> : session.role === 'admin' ? <AdminPages /> : <Outlet />}
            </FeatureGuard>
          </Spin>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

interface AreaTools {
  HeaderTools?: HeaderTools | undefined;
  AdminTools?: AdminHeaderTools | undefined;
}

function AreaLayout({ role, tools }: { role: Role; tools: AreaTools }) {
  const session = useSession(role);
  // The loader has checked the session; it can still end later (logout elsewhere, expiry).
  if (!session) return <Navigate to={loginPath(role)} replace />;
  return <AreaShell role={role} session={session} HeaderTools={tools.HeaderTools} AdminTools={tools.AdminTools} />;
}

export function areaLayoutRoute(role: Role, tools: AreaTools = {}) {
  return {
    loader: requireSession(role),
    Component: () => <AreaLayout role={role} tools={tools} />,
  };
}
