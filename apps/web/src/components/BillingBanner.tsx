import { billingApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../app/api/queries.ts';
import { Link } from '../app/navigation.tsx';
import { formatDate } from './format.ts';
import '../app/i18n/parts/billing.ts';

/**
 * Across the account's console (owner and staff): a payment past due, with the day the account turns
 * read-only, or the read-only state itself. The owner gets the way to the payment screen.
 */
export function BillingBanner({ owner }: { owner: boolean }) {
  const { t } = useTranslation();
  const standing = useQuery(endpointQuery(billingApi.standing, {}, { handles: 'all' }));
  const data = standing.data?.data;
  if (!data || data.status === 'active') return null;
  return (
    <Alert
      type={data.status === 'read_only' ? 'error' : 'warning'}
      showIcon
      banner
      style={{ marginBottom: 12 }}
      data-testid="billing-banner"
      message={
        data.status === 'read_only'
          ? t('billing.bannerReadOnly')
          : t('billing.bannerPastDue', { date: formatDate(data.grace_until) })
      }
      action={
        owner ? (
          <Link to="/account/payment">
            <Button size="small">{t('billing.bannerAction')}</Button>
          </Link>
        ) : undefined
      }
    />
  );
}
