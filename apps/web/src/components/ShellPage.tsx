import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader.tsx';

/** A route whose screen comes with a later issue (see shell-routes.ts). */
export default function ShellPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Result
        icon={<ToolOutlined />}
        title={t('common.notAvailable')}
        subTitle={t('common.notAvailableHint')}
        data-testid="not-available"
      />
    </>
  );
}
