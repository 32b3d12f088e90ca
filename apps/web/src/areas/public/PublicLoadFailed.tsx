import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../app/i18n/parts/public.ts';

/** A public page whose content could not be read: why (the network, or the server) and a retry. */
export function PublicLoadFailed({
  title,
  networkError,
  onRetry,
  testId,
}: {
  title: string;
  networkError: boolean;
  onRetry: () => void;
  /** The test ids of the result and of its retry button. */
  testId: { result: string; retry: string };
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={title}
      subTitle={t(networkError ? 'redirect.networkHint' : 'redirect.failedHint')}
      extra={
        <Button type="primary" onClick={onRetry} data-testid={testId.retry}>
          {t('common.retry')}
        </Button>
      }
      data-testid={testId.result}
    />
  );
}
