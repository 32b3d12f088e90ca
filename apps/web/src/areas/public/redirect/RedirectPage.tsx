import { isWebAddress, linksApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { endpointQuery } from '../../../app/api/queries.ts';
import '../../../app/i18n/parts/public.ts';
import { PublicLoadFailed } from '../PublicLoadFailed.tsx';

/**
 * /redirects/{id}: a tracked link a friend opened from a LINE message. The console counts the
 * opening (the first adds the action's score) and answers the address, which replaces this page in
 * the history. Only web addresses are followed; anything else is shown as a link that cannot open.
 */
export default function RedirectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // Every opening must be counted: the answer is neither cached nor fetched twice by the page itself.
  const link = useQuery({
    ...endpointQuery(linksApi.follow, { params: { token: id } }, { handles: 'all' }),
    gcTime: 0,
  });
  const target = link.data?.data.url;
  const followable = target !== undefined && isWebAddress(target);

  useEffect(() => {
    if (target !== undefined && followable) window.location.replace(target);
  }, [target, followable]);

  if (link.isFetching || link.isPending || followable) {
    return (
      <Flex vertical align="center" gap={16} style={{ paddingTop: '20vh' }} data-testid="redirect-opening">
        <Spin size="large" />
        <Typography.Text>{t('redirect.opening')}</Typography.Text>
      </Flex>
    );
  }
  if (target !== undefined) {
    return (
      <Result
        status="warning"
        title={t('redirect.unavailableTitle')}
        subTitle={t('redirect.unavailableHint')}
        data-testid="redirect-unavailable"
      />
    );
  }
  if (link.error?.status === 404) {
    return (
      <Result
        status="404"
        title={t('redirect.notFoundTitle')}
        subTitle={t('redirect.notFoundHint')}
        data-testid="redirect-not-found"
      />
    );
  }
  return (
    <PublicLoadFailed
      title={t('redirect.failedTitle')}
      networkError={link.error?.isNetworkError ?? false}
      onRetry={() => void link.refetch()}
      testId={{ result: 'redirect-failed', retry: 'redirect-retry' }}
    />
  );
}
