import { oemPrivacyApi, type OemPageKind } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery } from '../../../app/api/queries.ts';
import { formatDate } from '../../../components/format.ts';
import { Markdown } from '../../../components/markdown/Markdown.tsx';
import { PublicLoadFailed } from '../PublicLoadFailed.tsx';
import '../../../app/i18n/parts/oems.ts';

/** /privacy-policy and /rule: the text the OEM serving this host wrote, in its branding. */
export function OemTextPage({ kind }: { kind: OemPageKind }) {
  const { t } = useTranslation();
  const page = useQuery(
    endpointQuery(
      oemPrivacyApi.publicPage,
      { params: { kind }, query: { domain: window.location.hostname } },
      { handles: 'all' },
    ),
  );
  const title = t(kind === 'terms' ? 'oemPages.rule' : 'oemPages.privacyPolicy');

  if (page.isPending) {
    return (
      <Flex justify="center" style={{ paddingTop: '20vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }
  const content = page.data?.data;
  if (!content) {
    return (
      <PublicLoadFailed
        title={t('oemPages.failedTitle')}
        networkError={page.error?.isNetworkError ?? false}
        onRetry={() => void page.refetch()}
        testId={{ result: 'oem-page-failed', retry: 'oem-page-retry' }}
      />
    );
  }
  return (
    <Card style={{ maxWidth: 800, margin: '0 auto' }} data-testid={`oem-page-${kind}`}>
      <Typography.Text type="secondary">{content.service_name}</Typography.Text>
      <Typography.Title level={2} style={{ marginTop: 4 }}>
        {title}
      </Typography.Title>
      {content.body ? (
        <>
          <Markdown source={content.body} testId="oem-page-body" />
          {content.updated_at && (
            <Typography.Paragraph type="secondary">
              {t('oemPages.updatedAt', { time: formatDate(content.updated_at) })}
            </Typography.Paragraph>
          )}
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="oem-page-empty">
          {t('oemPages.notWritten')}
        </Typography.Paragraph>
      )}
      <Link to="/">{t('oemPages.backToTop')}</Link>
    </Card>
  );
}
