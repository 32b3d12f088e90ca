import { CONVERSION_SIGNATURE_HEADER, conversionsApi, isWebAddress } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { saveWebhook, testWebhook } from './useConversions.ts';
import '../../../app/i18n/parts/conversions.ts';

/** The channel's conversion webhook: its URL, the signing secret (copied, never shown), a test send. */
export function WebhookModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useQuery(endpointQuery(conversionsApi.webhook, {}));
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'regenerate' | 'test' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = settings.data?.data;
  const shown = url ?? current?.url ?? '';
  const valid = shown.trim() === '' || isWebAddress(shown.trim());

  const run = async (what: 'save' | 'regenerate' | 'test') => {
    setBusy(what);
    setError(null);
    try {
      if (what === 'test') {
        const result = await testWebhook();
        if (result.ok) feedback.notifySuccess(t('conversions.testOk', { status: result.status }));
        else setError(t('conversions.testFailed', { error: result.error ?? '' }));
        return;
      }
      await saveWebhook({ url: shown.trim() === '' ? null : shown.trim(), regenerate_secret: what === 'regenerate' });
      setUrl(null);
      feedback.notifySuccess(what === 'regenerate' ? t('conversions.regenerated') : t('conversions.saved'));
    } catch (failure) {
      if (isApiError(failure) && failure.status === 422) setError(failure.message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      title={t('conversions.webhookTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="conversion-webhook-modal"
    >
      {settings.isError && !current && (
        <Alert
          type="error"
          showIcon
          message={t('common.loadFailed')}
          action={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {!settings.isError && !current && <Spin />}
      {current && (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('conversions.webhookHint', { header: CONVERSION_SIGNATURE_HEADER })}
          </Typography.Paragraph>
          <Form layout="vertical" onFinish={() => void run('save')}>
            <Form.Item
              label={t('conversions.webhookUrl')}
              validateStatus={valid ? undefined : 'error'}
              help={valid ? undefined : t('conversions.urlInvalid')}
            >
              <Input
                value={shown}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://"
                data-testid="conversion-webhook-url"
              />
            </Form.Item>
            <Form.Item label={t('conversions.webhookSecret')}>
              {current.secret ? (
                <Typography.Text copyable={{ text: current.secret }} data-testid="conversion-webhook-secret">
                  {t('conversions.copySecret')}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('conversions.webhookSecretNone')}</Typography.Text>
              )}
            </Form.Item>
            {current.pending > 0 && (
              <Typography.Paragraph type="warning" data-testid="conversion-webhook-pending">
                {t('conversions.pending', { count: current.pending })}
                {current.last_error && ` · ${t('conversions.lastError', { error: current.last_error })}`}
              </Typography.Paragraph>
            )}
            {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
            <Flex gap={8} wrap>
              <Button
                type="primary"
                htmlType="submit"
                disabled={!valid}
                loading={busy === 'save'}
                data-testid="conversion-webhook-save"
              >
                {t('common.save')}
              </Button>
              <Button
                disabled={!current.secret}
                loading={busy === 'regenerate'}
                onClick={() => void run('regenerate')}
                data-testid="conversion-webhook-regenerate"
              >
                {t('conversions.regenerate')}
              </Button>
              <Button
                disabled={!current.url}
                loading={busy === 'test'}
                onClick={() => void run('test')}
                data-testid="conversion-webhook-test"
              >
                {t('conversions.sendTest')}
              </Button>
            </Flex>
          </Form>
        </Flex>
      )}
    </Modal>
  );
}
