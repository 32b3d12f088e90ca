import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { PageHeader } from './PageHeader.tsx';

/** A route whose screen comes with a later issue (see shell-routes.ts). */
export default function ShellPage() {
  return (
    <>
      <PageHeader />
      <Result
        icon={<ToolOutlined />}
        title="準備中です"
        subTitle="This screen is not available yet."
        data-testid="not-available"
      />
    </>
  );
}
