import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../app/navigation.tsx';
import { areaOf } from '../app/areas.ts';
import { useRouteHandle } from '../app/route-handle.ts';
import { ScreenTutorial } from './ScreenTutorial.tsx';

interface PageHeaderProps {
  /** Actions shown opposite the title. */
  extra?: ReactNode;
  /** Where the back link goes (usually the list). */
  backTo?: string;
}

/** The page title from the route table, with optional back link and actions, and the screen's tutorial. */
export function PageHeader({ extra, backTo }: PageHeaderProps) {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const tutorialKey = handle ? `tutorials.screens.${handle.title}` : null;
  // Service screens with a tutorial text show it until the user dismisses it for good.
  const tutorial = areaOf(pathname) === 'service' && tutorialKey && i18n.exists(tutorialKey) ? tutorialKey : null;
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      {backTo && (
        <Link to={backTo} data-testid="back-link">
          <Button type="link" icon={<ArrowLeftOutlined />} style={{ padding: 0 }}>
            {t('common.back')}
          </Button>
        </Link>
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
          {handle ? t(`titles.${handle.title}`) : null}
        </Typography.Title>
        {extra && <Space wrap>{extra}</Space>}
      </Flex>
      {handle && tutorial && <ScreenTutorial screen={handle.title} text={t(tutorial as 'tutorials.title')} />}
    </Flex>
  );
}
