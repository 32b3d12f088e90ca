import { DEFAULT_NIGHT_WINDOW, type NightWindowSetting } from '@linq/contract';
import { Alert, Descriptions, Form, Modal, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { isApiError } from '../../../app/api/errors.ts';
import { feedback } from '../../../app/feedback.ts';
import { editPlanPath } from './paths.ts';
import { useAccountTimeZoneName } from './useAccountTimeZone.ts';
import { savePlanSettings, useCanEditPlans, usePlanSettings } from './usePlans.ts';
import '../../../app/i18n/parts/plans.ts';

/** Night window times offered: every half hour of the day. */
const TIMES = Array.from({ length: 48 }, (_, index) => {
  const time = `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`;
  return { value: time, label: time };
});

/** A time set through the API off the half-hour grid is offered too, so the select shows it. */
const timesWith = (time: string) =>
  TIMES.some((option) => option.value === time) ? TIMES : [...TIMES, { value: time, label: time }];

/**
 * The channel's delivery settings ("配信設定", from the plans list): which scenario starts when a
 * friend is added (a link to it; chosen in that scenario), and the night window (off by default):
 * sends due inside it wait until it ends.
 */
export function DeliverySettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = usePlanSettings();
  const canEdit = useCanEditPlans();
  const timeZoneName = useAccountTimeZoneName();
  // The user's changes; until the first one, the saved window (a refetch never overwrites an edit).
  const [edited, setEdited] = useState<NightWindowSetting | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const data = settings.data?.data;
  const night = edited ?? data?.night_window ?? { enabled: false, ...DEFAULT_NIGHT_WINDOW };

  const change = (values: Partial<NightWindowSetting>) => {
    setEdited({ ...night, ...values });
    setErrors({});
  };

  const save = async () => {
    setSaving(true);
    try {
      await savePlanSettings({ night_window: night });
      feedback.notifySuccess(t('plans.deliverySettings.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error, 422)) {
        const fields = error.fieldErrors ?? {};
        setErrors(
          Object.fromEntries(
            Object.entries(fields).map(([key, value]) => [key.replace('night_window.', ''), value.description]),
          ),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: 'start' | 'end') =>
    errors[field]
      ? { validateStatus: 'error' as const, help: <span data-testid={`night-${field}-error`}>{errors[field]}</span> }
      : {};

  return (
    <Modal
      open
      title={t('plans.deliverySettings.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: !data || !canEdit, loading: saving, 'data-testid': 'delivery-settings-save' }}
      cancelButtonProps={{ 'data-testid': 'delivery-settings-cancel' }}
      destroyOnHidden
    >
      {settings.isError && <Alert type="error" showIcon title={t('plans.deliverySettings.loadFailed')} />}
      {!data && !settings.isError && <Skeleton active />}
      {data && (
        <div data-testid="delivery-settings">
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('plans.deliverySettings.friendAdded')}>
              {data.friend_added_plan ? (
                <Link to={editPlanPath(data.friend_added_plan.id)} data-testid="friend-added-plan">
                  {data.friend_added_plan.name}
                </Link>
              ) : (
                <Typography.Text type="secondary" data-testid="friend-added-plan-none">
                  {t('plans.deliverySettings.friendAddedNone')}
                </Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary">{t('plans.deliverySettings.friendAddedHelp')}</Typography.Paragraph>
          <Form layout="vertical" disabled={!canEdit}>
            <Form.Item
              label={t('plans.deliverySettings.night')}
              extra={t('plans.deliverySettings.nightHelp', { timeZone: timeZoneName })}
            >
              <Switch
                checked={night.enabled}
                onChange={(enabled) => change({ enabled })}
                aria-label={t('plans.deliverySettings.night')}
                data-testid="night-enabled"
              />
            </Form.Item>
            {night.enabled && (
              <Space align="start" wrap>
                <Form.Item label={t('plans.deliverySettings.nightFrom')} {...errorOf('start')}>
                  <Select
                    value={night.start}
                    options={timesWith(night.start)}
                    // Typing "21:30" finds the time among the 48.
                    showSearch
                    onChange={(start) => change({ start })}
                    style={{ width: 110 }}
                    aria-label={t('plans.deliverySettings.nightFrom')}
                    data-testid="night-start"
                  />
                </Form.Item>
                <Typography.Text style={{ display: 'inline-block', marginTop: 36 }}>〜</Typography.Text>
                <Form.Item label={t('plans.deliverySettings.nightUntil')} {...errorOf('end')}>
                  <Select
                    value={night.end}
                    options={timesWith(night.end)}
                    showSearch
                    onChange={(end) => change({ end })}
                    style={{ width: 110 }}
                    aria-label={t('plans.deliverySettings.nightUntil')}
                    data-testid="night-end"
                  />
                </Form.Item>
              </Space>
            )}
          </Form>
        </div>
      )}
    </Modal>
  );
}
