import { ClockCircleOutlined, FastForwardOutlined } from '@ant-design/icons';
import { simulatorApi, type ClockAdvance, type RehearsalAdvance } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, queryClient } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { planCountEndpoints } from '../plans/usePlans.ts';
import { useAccountTimeZone } from '../plans/useAccountTimeZone.ts';
import { engineClockQuery, rehearsalQuery } from './queries.ts';
import '../../../app/i18n/parts/phone-panel.ts';

/** The demo time runs on with the real one: read again this often. */
const CLOCK_REFRESH_MS = 30_000;
/** What the bar reports itself; other failures the request layer shows. */
const HANDLED = [404, 409, 422];

const WARPS = {
  hour: { minutes: 60 },
  day: { minutes: 60 * 24 },
} as const satisfies Record<string, RehearsalAdvance>;

type Warp = keyof typeof WARPS | 'next';

/**
 * The time warp in the phone panel. While the chosen friend runs a rehearsal, it shows that
 * rehearsal's own time and moves it alone (nothing reaches anyone else). Otherwise it shows the
 * engine's clock, shared by every friend: moving it moves every friend's plans, so it asks first.
 */
export function TimeWarpBar({ lineAccountId, userId }: { lineAccountId: number; userId: string | null }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const timeZone = useAccountTimeZone();
  const clock = useQuery({ ...engineClockQuery(lineAccountId), refetchInterval: CLOCK_REFRESH_MS });
  const rehearsal = useQuery({
    ...rehearsalQuery(lineAccountId, userId ?? ''),
    enabled: userId !== null,
    refetchInterval: CLOCK_REFRESH_MS,
  });
  const [busy, setBusy] = useState<Warp | null>(null);
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
  const running =
    userId !== null && rehearsal.data?.data && ['active', 'paused'].includes(rehearsal.data.data.status)
      ? rehearsal.data.data
      : null;
  const ended = userId !== null && rehearsal.data?.data && !running ? rehearsal.data.data : null;

  async function moving(name: Warp, move: () => Promise<string>) {
    setBusy(name);
    try {
      feedback.notifySuccess(await move());
    } catch (error) {
      if (isApiError(error) && HANDLED.includes(error.status)) feedback.toastError(error.message);
    } finally {
      setBusy(null);
      // What fell due was handed to the delivery queue: the talk and the plans' counts show it.
      await invalidateEndpoints(simulatorApi.conversation, simulatorApi.rehearsalOf, ...planCountEndpoints);
    }
  }

  const moveRehearsal = (name: Warp, body: RehearsalAdvance) =>
    void moving(name, async () => {
      const answer = await call(
        simulatorApi.advanceRehearsal,
        { params: { userId: userId! }, body },
        { handles: HANDLED },
      );
      return t('phonePanel.timeWarp.rehearsalMoved', { now: format(answer.data.now) });
    });

  const moveEveryone = (name: Warp, body: ClockAdvance) =>
    modal.confirm({
      title: t('phonePanel.timeWarp.confirmTitle'),
      content: t('phonePanel.timeWarp.confirmBody'),
      okText: t('phonePanel.timeWarp.confirmOk'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'time-warp-confirm' } },
      onOk: () =>
        moving(name, async () => {
          const answer = await call(simulatorApi.advanceClock, { body }, { handles: HANDLED });
          queryClient.setQueryData(engineClockQuery(lineAccountId).queryKey, answer);
          return t('phonePanel.timeWarp.moved', { now: format(answer.data.now) });
        }),
    });

  const warp = (name: Warp) => {
    if (running) moveRehearsal(name, name === 'next' ? { to_next_send: true } : WARPS[name]);
    else if (name === 'next') {
      if (userId) moveEveryone(name, { to_next_send: true, user_id: userId });
    } else moveEveryone(name, WARPS[name]);
  };

  const now = running ? running.now : clock.data.data.now;
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={6}
      wrap
      data-testid="time-warp"
      data-mode={running ? 'rehearsal' : 'everyone'}
    >
      <Tooltip
        title={
          running ? t('phonePanel.timeWarp.rehearsalHint', { plan: running.plan_name }) : t('phonePanel.timeWarp.hint')
        }
      >
        <Space size={4}>
          <ClockCircleOutlined />
          <Typography.Text type="secondary">
            {running ? t('phonePanel.timeWarp.rehearsalLabel') : t('phonePanel.timeWarp.label')}
          </Typography.Text>
          <Typography.Text strong data-testid="time-warp-now" data-now={now}>
            {format(now)}
          </Typography.Text>
          {ended && (
            <Tag data-testid="time-warp-ended">
              {t('phonePanel.timeWarp.rehearsalEnded', { plan: ended.plan_name })}
            </Tag>
          )}
        </Space>
      </Tooltip>
      <Space size={4} wrap>
        {(['hour', 'day'] as const).map((name) => (
          <Button
            key={name}
            size="small"
            loading={busy === name}
            disabled={busy !== null}
            danger={!running}
            onClick={() => warp(name)}
            data-testid={`time-warp-${name}`}
          >
            {t(`phonePanel.timeWarp.${name}`)}
          </Button>
        ))}
        <Button
          size="small"
          type="primary"
          danger={!running}
          icon={<FastForwardOutlined />}
          loading={busy === 'next'}
          disabled={busy !== null || userId === null}
          onClick={() => warp('next')}
          data-testid="time-warp-next"
        >
          {t('phonePanel.timeWarp.next')}
        </Button>
      </Space>
    </Flex>
  );
}
