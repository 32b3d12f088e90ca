import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadFailure } from '../chunks.ts';

export default function ContentError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()} data-testid="reload-button">
      {t('errors.reload')}
    </Button>
  );
  if (isChunkLoadFailure(error)) {
    return <Result status="warning" title={t('errors.chunkError')} extra={reload} data-testid="chunk-error" />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Result status="404" title={t('titles.notFound')} subTitle={t('errors.notFoundHint')} />;
  }
  return <Result status="error" title={t('errors.pageError')} extra={reload} data-testid="page-error" />;
}
