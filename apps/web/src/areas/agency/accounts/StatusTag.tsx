import type { TenantStatus } from '@linq/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/agency-accounts.ts';

/** A client account's status: in use or suspended. */
export function AccountStatusTag({ status, testId }: { status: TenantStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'active' ? 'success' : 'error'} data-testid={testId}>
      {t(`agencyAccounts.statuses.${status}`)}
    </Tag>
  );
}
