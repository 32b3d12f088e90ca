import type { AgencyUser } from '@linq/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/agency-users.ts';

/** A user's state: disabled, invited (no login yet) or enabled. */
export function UserStateTag({ user }: { user: AgencyUser }) {
  const { t } = useTranslation();
  if (user.status === 'disabled') return <Tag>{t('agencyUsers.statuses.disabled')}</Tag>;
  if (user.invited) return <Tag color="processing">{t('agencyUsers.invited')}</Tag>;
  return <Tag color="success">{t('agencyUsers.statuses.active')}</Tag>;
}

export function RoleTag({ role }: { role: AgencyUser['role'] }) {
  const { t } = useTranslation();
  return <Tag color={role === 'manager' ? 'gold' : 'default'}>{t(`agencyUsers.roles.${role}`)}</Tag>;
}
