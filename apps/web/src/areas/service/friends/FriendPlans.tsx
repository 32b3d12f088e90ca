import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { FriendDetail, FriendPlanSend, FriendPlanTimeline, MessageType, PlanType } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Pagination,
  Popconfirm,
  Radio,
  Select,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { feedback } from '../../../app/feedback.ts';
import { useAccountTimeZone } from '../plans/useAccountTimeZone.ts';
import { formatDateTimeIn, timeZoneName } from '../../../components/format.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { TokenText } from '../../../components/message-builder/TokenText.tsx';
import { firstWords, sampleView, type SampleValues } from '../../../components/message-builder/token-view.ts';
import { editPlanPath } from '../plans/paths.ts';
import { useCanEditPlans, usePlanList } from '../plans/usePlans.ts';
import { friendPlansQuery, sendPlanToFriend, stopFriendPlan } from './friend-plans.ts';
import { useInfoFields } from './InfoFieldsDrawer.tsx';
import '../../../app/i18n/parts/friend-plans.ts';
import '../../../app/i18n/parts/plans.ts';
import '../../../app/i18n/parts/templates.ts';

/** The plan types staff start for one friend: a scenario from its first box, or a broadcast to the friend alone. */
const STARTABLE_TYPES = ['scenario', 'broadcast'] as const satisfies readonly PlanType[];
const FRIENDS_PATH = '/service/friends';
/** The plans offered in the picker (the newest first; the picker searches them by name). */
const PICKER_PLANS = 100;

const STATUS_COLORS: Record<FriendPlanTimeline['status'], string> = {
  active: 'processing',
  paused: 'warning',
  finished: 'success',
  stopped: 'default',
};

/** How long a box's name (its message's first words) is in a waiting line. */
const BOX_NAME_LENGTH = 20;

/**
 * A box named by its message's first words (variables filled in for this friend), or by its message
 * type when it has no text (a picture), never by its id.
 */
function BoxName({
  preview,
  messageType,
  values,
}: {
  preview: string | null;
  messageType: MessageType | null;
  values: SampleValues;
}) {
  const { t } = useTranslation();
  if (preview) {
    return (
      <>
        「<TokenText pieces={firstWords(sampleView(preview, values), BOX_NAME_LENGTH)} />」
      </>
    );
  }
  return <>{messageType ? t(`templates.types.${messageType}`) : t('friendPlans.removedBox')}</>;
}

function SendItem({ send, timeZone, values }: { send: FriendPlanSend; timeZone: string; values: SampleValues }) {
  const { t } = useTranslation();
  const delivery =
    send.status === 'skipped' ? (
      <Tag>{t('friendPlans.skipped')}</Tag>
    ) : send.delivery_status === 'failed' ? (
      <Tag color="error">{t('friendPlans.failed')}</Tag>
    ) : send.delivery_status === 'sent' ? (
      <Tag color="success">{t('friendPlans.sent')}</Tag>
    ) : (
      <Tag color="processing">{t('friendPlans.queued')}</Tag>
    );
  return (
    <Flex vertical gap={2} data-testid={`plan-send-${send.box_id}`}>
      <Space wrap size={4}>
        <Typography.Text type="secondary">
          {send.message_type ? t(`templates.types.${send.message_type}`) : t('friendPlans.removedBox')}
        </Typography.Text>
        {send.occurrence > 1 && <Tag>{t('friendPlans.repeat', { count: send.occurrence })}</Tag>}
        {delivery}
      </Space>
      {/* Untrusted text: rendered as text, never as HTML. */}
      {send.preview && (
        <Typography.Text style={{ overflowWrap: 'anywhere' }} data-testid="plan-send-text">
          <TokenText pieces={sampleView(send.preview, values)} />
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTimeIn(send.sent_at, timeZone)}
        {send.delivery_status === 'failed' && send.delivery_reason && ` · ${send.delivery_reason}`}
      </Typography.Text>
      {send.tap && (
        <Typography.Text style={{ fontSize: 12 }} data-testid="plan-tap">
          {send.tap.label === null
            ? t('friendPlans.tappedRemoved')
            : t('friendPlans.tapped', { label: send.tap.label })}
          {` · ${formatDateTimeIn(send.tap.tapped_at, timeZone)}`}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Where the friend waits: for a tap on the current box, or for the next send at its time. */
function WaitingItem({
  enrolment,
  timeZone,
  values,
}: {
  enrolment: FriendPlanTimeline;
  timeZone: string;
  values: SampleValues;
}) {
  const { t, i18n } = useTranslation();
  if (enrolment.waiting_for === 'tap') {
    // The box waited on is the one sent last.
    const current = enrolment.sends.findLast((send) => send.box_id === enrolment.current_box_id);
    return (
      <Typography.Text strong data-testid="plan-waiting">
        {t('friendPlans.waitingTap')}{' '}
        <BoxName preview={current?.preview ?? null} messageType={current?.message_type ?? null} values={values} />
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong data-testid="plan-waiting">
        {t('friendPlans.nextSend')}{' '}
        <BoxName preview={enrolment.next_box_preview} messageType={enrolment.next_box_message_type} values={values} />
      </Typography.Text>
      <Typography.Text data-testid="plan-next-send">
        {t('friendPlans.nextSendAt', {
          time: formatDateTimeIn(enrolment.next_action_at, timeZone),
          zone: timeZoneName(timeZone, i18n.language),
        })}
      </Typography.Text>
    </Flex>
  );
}

function EnrolmentCard({
  friendId,
  enrolment,
  canEdit,
  values,
}: {
  friendId: number;
  enrolment: FriendPlanTimeline;
  canEdit: boolean;
  values: SampleValues;
}) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const running = enrolment.status === 'active' || enrolment.status === 'paused';
  const stop = async () => {
    await stopFriendPlan(friendId, enrolment.id);
    feedback.notifySuccess(t('friendPlans.stopped', { name: enrolment.plan_name }));
  };
  const items = [
    ...enrolment.sends.map((send) => ({
      key: `send-${send.id}`,
      color: send.delivery_status === 'failed' ? 'red' : send.status === 'skipped' ? 'gray' : 'blue',
      children: <SendItem send={send} timeZone={timeZone} values={values} />,
    })),
    ...(enrolment.waiting_for
      ? [
          {
            key: 'waiting',
            color: 'green',
            children: <WaitingItem enrolment={enrolment} timeZone={timeZone} values={values} />,
          },
        ]
      : []),
    ...(enrolment.ended_at
      ? [
          {
            key: 'ended',
            color: 'gray',
            children: (
              <Typography.Text type="secondary">
                {t('friendPlans.endedAt', { time: formatDateTimeIn(enrolment.ended_at, timeZone) })}
                {enrolment.end_reason &&
                  ` · ${t(`friendPlans.endReasons.${enrolment.end_reason}`, { defaultValue: enrolment.end_reason })}`}
              </Typography.Text>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      data-testid={`friend-plan-${enrolment.id}`}
      title={
        <Space wrap size={4}>
          <Link to={editPlanPath(enrolment.plan_id)}>{enrolment.plan_name}</Link>
          <Tag>{t(`plans.types.${enrolment.plan_type}`)}</Tag>
          <Tag color={STATUS_COLORS[enrolment.status]} data-testid="friend-plan-status">
            {t(`friendPlans.statuses.${enrolment.status}`)}
          </Tag>
        </Space>
      }
      extra={
        canEdit &&
        running && (
          <Popconfirm
            title={t('friendPlans.stopConfirm', { name: enrolment.plan_name })}
            okText={t('friendPlans.stop')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
            // antd keeps the OK button loading until a returned promise settles, although its type says void.
            // eslint-disable-next-line @typescript-eslint/no-misused-promises
            onConfirm={() => stop().catch(() => undefined)}
          >
            <Button size="small" danger icon={<StopOutlined />} data-testid="friend-plan-stop">
              {t('friendPlans.stop')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t(`friendPlans.triggers.${enrolment.trigger}`, { defaultValue: t('friendPlans.otherTrigger') })} ·{' '}
        {t('friendPlans.startedAt', { time: formatDateTimeIn(enrolment.started_at, timeZone) })}
      </Typography.Paragraph>
      {items.length > 0 && <Timeline items={items} />}
    </Card>
  );
}

interface StartValues {
  plan_type: (typeof STARTABLE_TYPES)[number];
  plan_id: number | undefined;
}

/** The plan type and a plan of that type (the channel's newest, searched by name). */
function PlanPicker() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<StartValues>();
  const planType = Form.useWatch('plan_type', form) ?? 'scenario';
  const plans = usePlanList({ plan_type: planType, limit: PICKER_PLANS });
  return (
    <>
      <Typography.Paragraph type="secondary">{t('friendPlans.startHint')}</Typography.Paragraph>
      <Form.Item name="plan_type" label={t('friendPlans.planType')}>
        <Radio.Group
          onChange={() => form.setFieldValue('plan_id', undefined)}
          options={STARTABLE_TYPES.map((type) => ({ value: type, label: t(`plans.types.${type}`) }))}
          data-testid="start-plan-type"
        />
      </Form.Item>
      <Form.Item
        name="plan_id"
        label={t('friendPlans.plan')}
        rules={[{ required: true, message: t('friendPlans.planRequired') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('friendPlans.choosePlan')}
          loading={plans.isFetching}
          options={(plans.data?.data ?? []).map((plan) => ({
            value: plan.id,
            label: plan.is_active ? plan.name : `${plan.name}（${t('friendPlans.inactive')}）`,
            // An inactive plan starts for no one (the server refuses it): shown, not chosen.
            disabled: !plan.is_active,
          }))}
          data-testid="start-plan-select"
        />
      </Form.Item>
    </>
  );
}

/** Picks a scenario or broadcast and starts it for the friend (send_plan); a refusal (409) shows in the dialog. */
function StartPlanModal({ friendId, onClose }: { friendId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const start = async (values: StartValues) => {
    const plans = await sendPlanToFriend(friendId, values.plan_id!);
    const started = plans.find((plan) => plan.plan_id === values.plan_id);
    feedback.notifySuccess(t('friendPlans.started', { name: started?.plan_name ?? '' }));
  };
  return (
    <FormModal<StartValues>
      title={t('friendPlans.startTitle')}
      initialValues={{ plan_type: 'scenario', plan_id: undefined }}
      fieldNames={['plan_id']}
      onSubmit={start}
      onClose={onClose}
      okText={t('friendPlans.startSubmit')}
      okTestId="start-plan-submit"
    >
      <PlanPicker />
    </FormModal>
  );
}

/**
 * What the messages' variables show for this friend: the name, each info value the friend has, else
 * the field's name (the values are personal data some staff do not see).
 */
function useFriendValues(friend: FriendDetail): SampleValues {
  const { t } = useTranslation();
  const fields = useInfoFields(friend.personal_data_visible).data?.data ?? [];
  const stored = new Map((friend.info_values ?? []).map((value) => [value.field_id, value.value]));
  return {
    friendName: friend.display_name,
    infoValue: (fieldId) => {
      const field = fields.find((candidate) => candidate.id === fieldId);
      return stored.get(fieldId) ?? (field ? `【${field.name}】` : t('friendPlans.infoValue'));
    },
  };
}

/** The friend's scenarios and broadcasts: each enrolment as a timeline, newest first. */
export function FriendPlans({ friend }: { friend: FriendDetail }) {
  const { t } = useTranslation();
  const friendId = friend.id;
  const values = useFriendValues(friend);
  const canEdit = useCanEditPlans();
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState(false);
  const plans = useQuery(friendPlansQuery(friendId, page));
  const body = plans.data ? (
    plans.data.data.length === 0 ? (
      <Empty description={t('friendPlans.empty')} data-testid="friend-plans-empty" />
    ) : (
      <Flex vertical gap={12}>
        {plans.data.data.map((enrolment) => (
          <EnrolmentCard
            key={enrolment.id}
            friendId={friendId}
            enrolment={enrolment}
            canEdit={canEdit}
            values={values}
          />
        ))}
        {plans.data.total_item_count > plans.data.pagination.pageSize && (
          <Pagination
            size="small"
            current={page}
            pageSize={plans.data.pagination.pageSize}
            total={plans.data.total_item_count}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Flex>
    )
  ) : (
    <LoadState error={plans.error} backTo={FRIENDS_PATH} onRetry={() => void plans.refetch()} />
  );
  return (
    <Card
      title={t('friendPlans.title')}
      data-testid="friend-plans"
      extra={
        canEdit && (
          <Button size="small" icon={<PlayCircleOutlined />} onClick={() => setStarting(true)} data-testid="start-plan">
            {t('friendPlans.start')}
          </Button>
        )
      }
    >
      {body}
      {starting && <StartPlanModal friendId={friendId} onClose={() => setStarting(false)} />}
    </Card>
  );
}
