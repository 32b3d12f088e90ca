import { ReloadOutlined } from '@ant-design/icons';
import { deliveriesApi, talksApi, type DeliveryWait } from '@linq/contract';
import { Button, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { invalidateEndpoints, useEndpointMutation } from '../../app/api/queries.ts';
import { feedback } from '../../app/feedback.ts';
import { formatDateTime } from '../format.ts';
import '../../app/i18n/parts/delivery.ts';

/**
 * Why a message of ours has not gone out yet and when it is checked next; users who may send can
 * have the channel's waiting messages checked now ("今すぐ再試行").
 */
export function DeliveryWaitNote({ wait, canRetry }: { wait: DeliveryWait; canRetry: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const retry = useEndpointMutation(deliveriesApi.retry);
  const retryNow = async () => {
    try {
      const { data } = await retry.mutateAsync({});
      if (data.released > 0) feedback.notifySuccess(t('delivery.retried', { count: data.released }));
      else feedback.notifyError(t('delivery.stillWaiting'), t(`delivery.waitReasons.${wait.reason}`));
    } catch {
      // The request layer has reported the failure.
      return;
    }
    await invalidateEndpoints(talksApi.history);
  };
  return (
    // A box of its own: readable on the talk's coloured background as on a white page.
    <div
      data-testid="delivery-wait"
      data-reason={wait.reason}
      style={{
        maxWidth: 300,
        padding: '4px 8px',
        borderRadius: token.borderRadiusSM,
        background: token.colorWarningBg,
        border: `1px solid ${token.colorWarningBorder}`,
        fontSize: 11,
        lineHeight: 1.5,
      }}
    >
      <Typography.Text style={{ display: 'block', fontSize: 11 }}>
        {t(`delivery.waitReasons.${wait.reason}`)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 11 }} data-testid="delivery-next-attempt">
        {t('delivery.nextAttempt', { time: formatDateTime(wait.next_attempt_at) })}
      </Typography.Text>
      {canRetry && (
        <Button
          size="small"
          type="link"
          icon={<ReloadOutlined />}
          loading={retry.isPending}
          onClick={() => void retryNow()}
          data-testid="delivery-retry"
          style={{ fontSize: 11, paddingInline: 4 }}
        >
          {t('delivery.retryNow')}
        </Button>
      )}
    </div>
  );
}
