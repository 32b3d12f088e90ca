import type { AgencyNotice, NoticeStatus } from '@linq/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/agency-notices.ts';

const STATUS_COLORS: Record<NoticeStatus, string> = { scheduled: 'blue', sent: 'green', cancelled: 'default' };

export function NoticeStatusTag({ status, testId }: { status: NoticeStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId}>
      {t(`agencyNotices.statuses.${status}`)}
    </Tag>
  );
}

/** The notice's audience in words: the kind, and the plan, contract state or picked accounts it names. */
export function AudienceText({ notice }: { notice: AgencyNotice }) {
  const { t } = useTranslation();
  const kind = t(`agencyNotices.audiences.${notice.audience}`);
  switch (notice.audience) {
    case 'all':
      return <>{kind}</>;
    case 'plan':
      return <>{`${kind}: ${notice.plan?.name ?? t('agencyNotices.planDeleted')}`}</>;
    case 'contract':
      return (
        <>{`${kind}: ${notice.contract_state ? t(`agencyNotices.contractStates.${notice.contract_state}`) : ''}`}</>
      );
    case 'picked':
      return <>{`${kind}: ${notice.picked_accounts.map((account) => account.name).join('、')}`}</>;
  }
}
