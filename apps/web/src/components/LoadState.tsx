import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../app/navigation.tsx';
import { isApiError } from '../app/api/errors.ts';
import { SPINNER_DELAY_MS } from '../app/config.ts';

interface LoadStateProps {
  error: Error | null;
  /** The address names no valid record (e.g. a non-numeric id). */
  invalidId?: boolean;
  /** Where "back" goes when the record does not exist. */
  backTo: string;
  onRetry: () => void;
}

/** What a detail screen shows until its record is there: a spinner, "not found" or a retry. */
export function LoadState({ error, invalidId, backTo, onRetry }: LoadStateProps) {
  const { t } = useTranslation();
  if (!error && !invalidId) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin delay={SPINNER_DELAY_MS} />
      </div>
    );
  }
  if (invalidId || isApiError(error, 404)) {
    return (
      <Result
        status="404"
        title={t('common.notFound')}
        extra={<Link to={backTo}>{t('common.back')}</Link>}
        data-testid="record-not-found"
      />
    );
  }
  return (
    <Result
      status="error"
      title={t('common.loadFailed')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      data-testid="load-failed"
    />
  );
}

/** A route's `:id` as a positive integer, or undefined. */
export function recordId(param: string | undefined): number | undefined {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
