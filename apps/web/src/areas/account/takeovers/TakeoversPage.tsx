import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { CutoverPanel } from './CutoverPanel.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import '../../../app/i18n/parts/takeovers-export.ts';

/** Takeovers (引き継ぎ): the leaving side's panels (the import comes with its own part of this page). */
export default function TakeoversPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Typography.Paragraph>{t('takeoverPage.intro')}</Typography.Paragraph>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <CutoverPanel />
        <ExportPanel />
      </Space>
    </>
  );
}
