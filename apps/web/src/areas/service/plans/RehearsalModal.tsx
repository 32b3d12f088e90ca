import { allowsEndpoint, simulatorApi, type PlanListItem } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { feedback } from '../../../app/feedback.ts';
import { useSession } from '../../../app/session.ts';
import { openPhonePanel } from '../phone-panel/phone-panel-store.ts';
import { simulatorStatusQuery, virtualFriendsQuery } from '../phone-panel/queries.ts';
import { planCountEndpoints } from './usePlans.ts';
import '../../../app/i18n/parts/phone-panel.ts';

/** What the dialog reports itself; other failures the request layer shows. */
const HANDLED = [404, 409, 422];

/**
 * Whether rehearsals are offered: the selected channel is bound to the LINE simulator of this
 * console (demo) and the user may both run plans and act as a virtual friend (the phone panel).
 */
export function useCanRehearse(): boolean {
  const session = useSession('service');
  const lineAccountId = useSelectedChannelId();
  const allowed =
    session !== null &&
    allowsEndpoint(session.permissions, simulatorApi.rehearsal.permission) &&
    allowsEndpoint(session.permissions, simulatorApi.createFriend.permission);
  const status = useQuery({
    ...simulatorStatusQuery(lineAccountId ?? 0),
    enabled: allowed && lineAccountId !== null,
  });
  return allowed && lineAccountId !== null && status.isSuccess;
}

/**
 * 「リハーサル」: the plan started for one virtual friend who follows the channel; the phone panel
 * then opens on that friend, with the time warp to bring the later steps.
 */
export function RehearsalModal({ plan, onClose }: { plan: PlanListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const lineAccountId = useSelectedChannelId();
  const friends = useQuery({ ...virtualFriendsQuery(lineAccountId ?? 0), enabled: lineAccountId !== null });
  const following = (friends.data?.data ?? []).filter((friend) => friend.following);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userId = chosen ?? following[0]?.user_id ?? null;

  async function start() {
    const friend = following.find((f) => f.user_id === userId);
    if (!friend) return;
    setBusy(true);
    try {
      await call(simulatorApi.rehearsal, { body: { plan_id: plan.id, user_id: friend.user_id } }, { handles: HANDLED });
      feedback.notifySuccess(t('phonePanel.rehearsal.started', { name: friend.display_name }));
      onClose();
      openPhonePanel(friend.user_id);
    } catch (error) {
      if (isApiError(error) && HANDLED.includes(error.status)) feedback.toastError(error.message);
    } finally {
      setBusy(false);
      await invalidateEndpoints(simulatorApi.conversation, simulatorApi.rehearsalOf, ...planCountEndpoints);
    }
  }

  return (
    <Modal
      open
      title={t('phonePanel.rehearsal.title', { name: plan.name })}
      onCancel={onClose}
      onOk={() => void start()}
      okText={t('phonePanel.rehearsal.start')}
      okButtonProps={{ disabled: userId === null, loading: busy, 'data-testid': 'rehearsal-start' }}
      destroyOnHidden
    >
      <div data-testid="rehearsal">
        <Typography.Paragraph type="secondary">{t('phonePanel.rehearsal.intro')}</Typography.Paragraph>
        {friends.isSuccess && following.length === 0 ? (
          <Alert type="info" showIcon title={t('phonePanel.rehearsal.noFriends')} />
        ) : (
          <Select
            style={{ width: '100%' }}
            aria-label={t('phonePanel.rehearsal.friend')}
            placeholder={t('phonePanel.rehearsal.friend')}
            loading={friends.isLoading}
            value={userId ?? undefined}
            onChange={(value: string) => setChosen(value)}
            showSearch={{ optionFilterProp: 'label' }}
            options={following.map((friend) => ({ value: friend.user_id, label: friend.display_name }))}
            data-testid="rehearsal-friend"
          />
        )}
      </div>
    </Modal>
  );
}
