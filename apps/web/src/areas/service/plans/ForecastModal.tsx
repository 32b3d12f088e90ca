import { Alert, Checkbox, Descriptions, Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { MissedSendChoice } from '@linq/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { needsPartialConfirm, recipientsWithinQuota, sendDuration } from './forecast.ts';
import { activatePlan, planForecastQuery } from './usePlans.ts';
import '../../../app/i18n/parts/plans.ts';

interface ForecastModalProps {
  planId: number;
  /** What the user chose for sends that fell due while the plan was stopped (asked before, when there were any). */
  missedSends?: MissedSendChoice | undefined;
  onClose: () => void;
  onActivated: () => void;
}

/**
 * Before a broadcast is activated: the friends its target matches now, messages × recipients
 * against the channel's remaining monthly quota, and how long LINE's rate limits make the send
 * take. A broadcast that would overrun the quota is activated only once the user confirms the
 * partial send.
 */
export function ForecastModal({ planId, missedSends, onClose, onActivated }: ForecastModalProps) {
  const { t } = useTranslation();
  const forecast = useQuery(planForecastQuery(planId));
  const [partialConfirmed, setPartialConfirmed] = useState(false);
  const [activating, setActivating] = useState(false);
  const data = forecast.data?.data;
  const partial = data ? needsPartialConfirm(data) : false;
  const duration = data ? sendDuration(data.estimated_seconds) : null;

  const activate = async () => {
    setActivating(true);
    try {
      await activatePlan(planId, {
        allow_partial_send: partial && partialConfirmed,
        ...(missedSends ? { missed_sends: missedSends } : {}),
      });
      onActivated();
    } catch {
      // Reported by the request layer (a 409 says the quota would be overrun).
    } finally {
      setActivating(false);
    }
  };

  return (
    <Modal
      open
      title={t('plans.forecast.title')}
      okText={t('plans.forecast.activate')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => void activate()}
      okButtonProps={{
        disabled: !data || (partial && !partialConfirmed),
        loading: activating,
        'data-testid': 'forecast-activate',
      }}
      cancelButtonProps={{ 'data-testid': 'forecast-cancel' }}
      destroyOnHidden
    >
      {forecast.isError && <Alert type="error" showIcon title={t('plans.forecast.loadFailed')} />}
      {!data && !forecast.isError && <Skeleton active />}
      {data && duration && (
        <div data-testid="plan-forecast">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('plans.forecast.recipients')}>
              <span data-testid="forecast-recipients">{t('plans.people', { count: data.recipients })}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('plans.forecast.messagesPerRecipient')}>
              {t('plans.messages', { count: data.messages_per_recipient })}
            </Descriptions.Item>
            <Descriptions.Item label={t('plans.forecast.totalMessages')}>
              <span data-testid="forecast-total">{t('plans.messages', { count: data.total_messages })}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('plans.forecast.quotaRemaining')}>
              <span data-testid="forecast-quota">
                {data.quota_remaining === null
                  ? t('plans.forecast.unlimited')
                  : t('plans.messages', { count: data.quota_remaining })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('plans.forecast.duration')}>
              {duration.hours > 0
                ? t('plans.forecast.hoursMinutes', duration)
                : duration.minutes > 0
                  ? t('plans.forecast.minutes', duration)
                  : t('plans.forecast.seconds', duration)}
            </Descriptions.Item>
          </Descriptions>
          {partial && (
            <>
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 16 }}
                title={t('plans.forecast.exceeds', { count: recipientsWithinQuota(data) })}
                data-testid="forecast-exceeds"
              />
              <Checkbox
                style={{ marginTop: 12 }}
                checked={partialConfirmed}
                onChange={(event) => setPartialConfirmed(event.target.checked)}
                data-testid="forecast-confirm-partial"
              >
                {t('plans.forecast.confirmPartial', { count: recipientsWithinQuota(data) })}
              </Checkbox>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
