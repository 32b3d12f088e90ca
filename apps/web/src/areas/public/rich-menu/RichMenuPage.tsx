import { FRIEND_LINK_PARAM, isWebAddress, richMenuPublicApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Image, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '../../../app/api/queries.ts';
import { LinkifiedText } from '../../../components/line-message/LineMessageView.tsx';
import '../../../app/i18n/parts/public.ts';
import { PublicLoadFailed } from '../PublicLoadFailed.tsx';

/**
 * /rich-menu?p={token}: the page a rich-menu area opens, with the heading, text and picture chosen in
 * the menu's editor. Each opening counts as a tap of the area (the friend's, when their tracked link
 * led here), so the answer is never cached.
 */
export default function RichMenuPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('p') ?? '';
  // Present when the friend's own tracked link led here: the opening then names the friend.
  const via = searchParams.get(FRIEND_LINK_PARAM);
  const page = useQuery({
    ...endpointQuery(
      richMenuPublicApi.page,
      { params: { token }, query: via ? { [FRIEND_LINK_PARAM]: via } : {} },
      { handles: 'all' },
    ),
    enabled: token !== '',
    gcTime: 0,
  });

  if (token !== '' && (page.isPending || page.isFetching) && !page.data) {
    return (
      <Flex justify="center" style={{ paddingTop: '20vh' }} data-testid="rich-menu-page-loading">
        <Spin size="large" />
      </Flex>
    );
  }
  const content = page.data?.data;
  if (content) {
    return (
      <Flex
        vertical
        gap={16}
        style={{ maxWidth: 640, margin: '0 auto', padding: '32px 16px' }}
        data-testid="rich-menu-page"
      >
        <Typography.Text type="secondary">{content.menu_name}</Typography.Text>
        <Typography.Title level={2} style={{ margin: 0 }} data-testid="rich-menu-page-title">
          {content.title}
        </Typography.Title>
        {content.image_url && isWebAddress(content.image_url) && (
          <Image src={content.image_url} alt="" preview={false} data-testid="rich-menu-page-image" />
        )}
        {content.text && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="rich-menu-page-text">
            <LinkifiedText text={content.text} />
          </Typography.Paragraph>
        )}
      </Flex>
    );
  }
  if (token === '' || page.error?.status === 404) {
    return (
      <Result
        status="404"
        title={t('richMenuPage.notFoundTitle')}
        subTitle={t('richMenuPage.notFoundHint')}
        data-testid="rich-menu-page-not-found"
      />
    );
  }
  return (
    <PublicLoadFailed
      title={t('richMenuPage.failedTitle')}
      networkError={page.error?.isNetworkError ?? false}
      onRetry={() => void page.refetch()}
      testId={{ result: 'rich-menu-page-failed', retry: 'rich-menu-page-retry' }}
    />
  );
}
