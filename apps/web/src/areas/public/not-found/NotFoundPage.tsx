import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<span data-testid="page-title">{t('titles.notFound')}</span>}
      subTitle={t('errors.notFoundHint')}
      extra={
        <Link to="/">
          <Button type="primary">{t('errors.goHome')}</Button>
        </Link>
      }
      style={{ marginTop: '10vh' }}
      data-testid="not-found"
    />
  );
}
