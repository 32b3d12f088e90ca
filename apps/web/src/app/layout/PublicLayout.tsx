import { Flex, Layout } from 'antd';
import { Outlet } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** Public pages (landing, form, inflow, redirects …) outside any area. */
function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ width: 'min(960px, 100%)', margin: '0 auto', padding: 16 }}>
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <LanguageSwitch />
        </Flex>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

export const publicLayoutRoute = { Component: PublicLayout };
