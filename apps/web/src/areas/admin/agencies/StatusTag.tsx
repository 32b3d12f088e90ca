import type { TenantStatus } from '@linq/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/agencies.ts';

/** An agency's or account's status: active, or suspended (its logins stopped). */
export function TenantStatusTag({ status, testIdValue }: { status: TenantStatus; testIdValue?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'active' ? 'success' : 'error'} data-testid={testIdValue}>
      {t(`agencies.statuses.${status}`)}
    </Tag>
  );
}
