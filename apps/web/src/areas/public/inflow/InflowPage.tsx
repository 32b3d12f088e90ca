import { CheckCircleOutlined } from '@ant-design/icons';
import { inflowPublicApi, type InflowDoneState } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { useBranding } from '../../../app/branding/branding.ts';
import { DEFAULT_SERVICE_NAME } from '../../../app/branding/title.ts';
import '../../../app/i18n/parts/public.ts';
import { PublicLoadFailed } from '../PublicLoadFailed.tsx';
import { followable, inflowPageRequest } from './visit-input.ts';

const DONE_STATUS: Record<InflowDoneState, 'success' | 'info' | 'warning' | 'error'> = {
  added: 'success',
  not_added: 'info',
  cancelled: 'warning',
  failed: 'error',
};

/** After LINE Login, when the route has no URL of its own: how the visit ended, in the OEM's branding. */
function DonePage({ state }: { state: InflowDoneState }) {
  const { t } = useTranslation();
  const { themes } = useBranding();
  const serviceName = themes?.service_name ?? DEFAULT_SERVICE_NAME;
  const logoUrl = themes?.image_urls.logo_url;
  return (
    <Flex justify="center" style={{ paddingTop: '8vh' }}>
      <Card style={{ width: 'min(480px, 100%)', textAlign: 'center' }}>
        {logoUrl && <img src={logoUrl} alt="" style={{ height: 48, maxWidth: '100%', objectFit: 'contain' }} />}
        <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="inflow-done-service">
          {serviceName}
        </Typography.Text>
        <Result
          status={DONE_STATUS[state]}
          icon={state === 'added' ? <CheckCircleOutlined /> : undefined}
          title={t(`inflowPage.done.${state}.title`)}
          subTitle={t(`inflowPage.done.${state}.hint`)}
          data-testid="inflow-done"
          data-state={state}
        />
      </Card>
    </Flex>
  );
}

/** Opening a route's URL: records the visit and goes where the console answers (LINE Login or add-friend). */
function Visit({ request }: { request: Extract<ReturnType<typeof inflowPageRequest>, { kind: 'visit' }> }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // Each opening is one visit: never cached, never fetched twice by the page itself.
  const visit = useQuery({
    queryKey: [inflowPublicApi.visit.path, request.input, attempt],
    queryFn: () => call(inflowPublicApi.visit, { body: request.input }, { handles: 'all' }),
    gcTime: 0,
    staleTime: Infinity,
  });
  const target = visit.data?.data.redirect_url;
  const go = followable(target);

  useEffect(() => {
    if (target !== undefined && followable(target)) window.location.replace(target);
  }, [target]);

  if (visit.isPending || go) {
    return (
      <Flex vertical align="center" gap={16} style={{ paddingTop: '20vh' }} data-testid="inflow-opening">
        <Spin size="large" />
        <Typography.Text>{t('inflowPage.opening')}</Typography.Text>
      </Flex>
    );
  }
  // An unknown (or malformed) code, or an answer that is no web address: the URL cannot be opened.
  if (isApiError(visit.error, 404) || isApiError(visit.error, 422) || target !== undefined) {
    return (
      <Result
        status="404"
        title={t('inflowPage.notFoundTitle')}
        subTitle={t('inflowPage.notFoundHint')}
        data-testid="inflow-not-found"
      />
    );
  }
  return (
    <PublicLoadFailed
      title={t('inflowPage.failedTitle')}
      networkError={isApiError(visit.error) && visit.error.isNetworkError}
      onRetry={() => setAttempt((n) => n + 1)}
      testId={{ result: 'inflow-failed', retry: 'inflow-retry' }}
    />
  );
}

/**
 * /inflow?c={code}: a route's public URL. The visit is recorded with the page's referrer and the ad's
 * UTM parameters and click ids, then the visitor goes to LINE Login (which offers to add the channel)
 * or straight to the add-friend page. /inflow?done={state} is where LINE Login's return ends when the
 * route names no URL of its own.
 */
export default function InflowPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [request] = useState(() => inflowPageRequest(searchParams, document.referrer));
  if (request.kind === 'done') return <DonePage state={request.state} />;
  if (request.kind === 'visit') return <Visit request={request} />;
  return (
    <Result
      status="404"
      title={t('inflowPage.notFoundTitle')}
      subTitle={t('inflowPage.notFoundHint')}
      data-testid="inflow-not-found"
    />
  );
}
