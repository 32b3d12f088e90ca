import type { ContractStatus } from '@linq/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/agency-contracts.ts';

const COLORS: Record<ContractStatus, string> = {
  draft: 'default',
  active: 'success',
  ending: 'warning',
  ended: 'default',
  cancelled: 'error',
};

export function ContractStatusTag({ status, testId }: { status: ContractStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={testId}>
      {t(`agencyContracts.statuses.${status}`)}
    </Tag>
  );
}
