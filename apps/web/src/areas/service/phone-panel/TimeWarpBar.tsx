import { ClockCircleOutlined, FastForwardOutlined } from '@ant-design/icons';
import { simulatorApi, type ClockAdvance } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, queryClient } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { useAccountTimeZone } from '../plans/useAccountTimeZone.ts';
import { engineClockQuery } from './queries.ts';
import '../../../app/i18n/parts/phone-panel.ts';

/** The demo time runs on with the real one: read again this often. */
const CLOCK_REFRESH_MS = 30_000;
/** What the bar reports itself; other failures the request layer shows. */
const HANDLED = [404, 409, 422];

const WARPS = {
  hour: { minutes: 60 },
  day: { minutes: 60 * 24 },
} as const satisfies Record<string, ClockAdvance>;

/**
 * The demo's time warp in the phone panel: the engine's current (demo) time in the account's zone,
 * and buttons that move it forward by an hour, a day, or to the chosen friend's next send.
 */
export function TimeWarpBar({ lineAccountId, userId }: { lineAccountId: number; userId: string | null }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const clock = useQuery({ ...engineClockQuery(lineAccountId), refetchInterval: CLOCK_REFRESH_MS });
  const [busy, setBusy] = useState<string | null>(null);
  if (!clock.isSuccess) return null;
  const format = (iso: string) =>
    new Intl.DateTimeFormat('ja-JP', {
      timeZone,
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));

  async function warp(name: string, body: ClockAdvance) {
    setBusy(name);
    try {
      const answer = await call(simulatorApi.advanceClock, { body }, { handles: HANDLED });
      queryClient.setQueryData(engineClockQuery(lineAccountId).queryKey, answer);
      feedback.notifySuccess(t('phonePanel.timeWarp.moved', { now: format(answer.data.now) }));
    } catch (error) {
      if (isApiError(error) && HANDLED.includes(error.status)) feedback.toastError(error.message);
    } finally {
      setBusy(null);
      // What fell due was handed to the delivery queue: the talk shows it as soon as it arrives.
      await invalidateEndpoints(simulatorApi.conversation);
    }
  }

  const now = clock.data.data.now;
  return (
    <Flex align="center" justify="space-between" gap={6} wrap data-testid="time-warp">
      <Tooltip title={t('phonePanel.timeWarp.hint')}>
        <Space size={4}>
          <ClockCircleOutlined />
          <Typography.Text type="secondary">{t('phonePanel.timeWarp.label')}</Typography.Text>
          <Typography.Text strong data-testid="time-warp-now" data-now={now}>
            {format(now)}
          </Typography.Text>
        </Space>
      </Tooltip>
      <Space size={4} wrap>
        {(['hour', 'day'] as const).map((name) => (
          <Button
            key={name}
            size="small"
            loading={busy === name}
            disabled={busy !== null}
            onClick={() => void warp(name, WARPS[name])}
            data-testid={`time-warp-${name}`}
          >
            {t(`phonePanel.timeWarp.${name}`)}
          </Button>
        ))}
        <Button
          size="small"
          type="primary"
          icon={<FastForwardOutlined />}
          loading={busy === 'next'}
          disabled={busy !== null || userId === null}
          onClick={() => userId && void warp('next', { to_next_send: true, user_id: userId })}
          data-testid="time-warp-next"
        >
          {t('phonePanel.timeWarp.next')}
        </Button>
      </Space>
    </Flex>
  );
}
