import type { AdminLineAccount } from '@linq/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format.ts';
import '../../../app/i18n/parts/admin.ts';

type Connection = AdminLineAccount['connection'];

export function connectionState(connection: Connection): 'ok' | 'error' | 'unchecked' {
  if (connection.ok === null) return 'unchecked';
  return connection.ok ? 'ok' : 'error';
}

const COLORS = { ok: 'success', error: 'error', unchecked: 'default' } as const;

/** The last connection test's outcome; the error and time show on hover. */
export function ConnectionTag({ connection, testIdValue }: { connection: Connection; testIdValue?: string }) {
  const { t } = useTranslation();
  const state = connectionState(connection);
  const tag = (
    <Tag color={COLORS[state]} data-testid={testIdValue}>
      {t(`adminLineAccounts.connectionStates.${state}`)}
    </Tag>
  );
  if (state === 'unchecked') return tag;
  const checked = t('adminLineAccounts.checkedAt', { time: formatDateTime(connection.checked_at) });
  return <Tooltip title={connection.error ? `${connection.error} (${checked})` : checked}>{tag}</Tooltip>;
}

/** LINE refuses the channel's access token (401): since when, LINE's message and the messages on hold show on hover. */
export function CredentialsInvalidTag({
  credentials,
  testIdValue,
}: {
  credentials: NonNullable<AdminLineAccount['credentials_invalid']>;
  testIdValue?: string;
}) {
  const { t } = useTranslation();
  const details = [
    t('adminLineAccounts.credentialsInvalidSince', { time: formatDateTime(credentials.since) }),
    t('adminLineAccounts.credentialsWaiting', { count: credentials.waiting_deliveries }),
  ].join(' ');
  return (
    <Tooltip title={details}>
      <Tag color="error" data-testid={testIdValue}>
        {t('adminLineAccounts.credentialsInvalid')}
      </Tag>
    </Tooltip>
  );
}

export function ChannelStatusTag({ status }: { status: AdminLineAccount['status'] }) {
  const { t } = useTranslation();
  return <Tag color={status === 'active' ? 'success' : 'default'}>{t(`channels.statuses.${status}`)}</Tag>;
}

const LOGIN_COLORS = { ok: 'success', error: 'error', unchecked: 'default', none: 'default' } as const;

/** The LINE Login pair's last check (run when saved); the error and time show on hover. */
export function LoginCheckTag({ login, testIdValue }: { login: AdminLineAccount['login']; testIdValue?: string }) {
  const { t } = useTranslation();
  const state = login.channel_id === null ? 'none' : login.ok === null ? 'unchecked' : login.ok ? 'ok' : 'error';
  const tag = (
    <Tag color={LOGIN_COLORS[state]} data-testid={testIdValue}>
      {t(`adminLineAccounts.loginCheckStates.${state}`)}
    </Tag>
  );
  if (!login.checked_at) return tag;
  const checked = t('adminLineAccounts.checkedAt', { time: formatDateTime(login.checked_at) });
  return <Tooltip title={login.error ? `${login.error} (${checked})` : checked}>{tag}</Tooltip>;
}
