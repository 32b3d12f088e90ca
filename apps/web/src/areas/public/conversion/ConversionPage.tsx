import { FRIEND_LINK_PARAM, conversionPublicApi, isWebAddress } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '../../../app/api/queries.ts';
import '../../../app/i18n/parts/public.ts';
import { PublicLoadFailed } from '../PublicLoadFailed.tsx';

/**
 * /links?c={code}: a conversion point's page, placed at the goal (a thank-you link or button). The
 * opening records a conversion (the friend's, when their tracked link or cookie names them) and goes
 * on to the point's goal, or shows a thank-you page of the console's branding. Never cached.
 */
export default function ConversionPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('c') ?? '';
  // Present when the friend's own tracked link led here: the conversion then names the friend.
  const via = searchParams.get(FRIEND_LINK_PARAM);
  const hit = useQuery({
    ...endpointQuery(
      conversionPublicApi.hit,
      { params: { code }, query: via ? { [FRIEND_LINK_PARAM]: via } : {} },
      { handles: 'all' },
    ),
    enabled: code !== '',
    gcTime: 0,
  });
  const answer = hit.data?.data;
  const goal = answer?.url ?? null;
  const followable = goal !== null && isWebAddress(goal);

  useEffect(() => {
    if (goal !== null && followable) window.location.replace(goal);
  }, [goal, followable]);

  if (code !== '' && (hit.isFetching || followable)) {
    return (
      <Flex vertical align="center" gap={16} style={{ paddingTop: '20vh' }} data-testid="conversion-page-loading">
        <Spin size="large" />
        <Typography.Text>{t('conversionPage.recording')}</Typography.Text>
      </Flex>
    );
  }
  if (answer) {
    return (
      <Result
        status="success"
        title={t('conversionPage.thanksTitle')}
        subTitle={t('conversionPage.thanksHint', { name: answer.point_name })}
        data-testid="conversion-page-thanks"
      />
    );
  }
  if (code === '' || hit.error?.status === 404) {
    return (
      <Result
        status="404"
        title={t('conversionPage.notFoundTitle')}
        subTitle={t('conversionPage.notFoundHint')}
        data-testid="conversion-page-not-found"
      />
    );
  }
  return (
    <PublicLoadFailed
      title={t('conversionPage.failedTitle')}
      networkError={hit.error?.isNetworkError ?? false}
      onRetry={() => void hit.refetch()}
      testId={{ result: 'conversion-page-failed', retry: 'conversion-page-retry' }}
    />
  );
}
