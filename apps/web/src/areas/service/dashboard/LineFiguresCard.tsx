import { lineInsightApi as api, type LineFigures } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import '../../../app/i18n/parts/line-insight.ts';

/**
 * Yesterday's followers, targeted reaches, blocks and deliveries as LINE's statistics report them,
 * read from what the worker stored (the page never asks LINE). A part LINE has not counted yet is
 * shown as "LINEで集計中", never as zero.
 */
export function LineFiguresCard() {
  const { t } = useTranslation();
  const query = useQuery(endpointQuery(api.yesterday, {}));
  const figures = query.data?.data;
  return (
    <Card
      title={t('lineInsight.title')}
      extra={
        figures && <Typography.Text type="secondary">{t('lineInsight.day', { date: figures.day })}</Typography.Text>
      }
      loading={query.isPending}
      data-testid="dashboard-line-figures"
    >
      {query.isError || !figures ? (
        <Typography.Text type="secondary">{t('lineInsight.loadFailed')}</Typography.Text>
      ) : (
        <Figures figures={figures} />
      )}
    </Card>
  );
}

function Figures({ figures }: { figures: LineFigures }) {
  const { t } = useTranslation();
  const { followers, deliveries } = figures;
  return (
    <>
      <Row gutter={[16, 16]}>
        {followers && (
          <>
            <Col xs={12} md={6}>
              <Statistic
                title={t('lineInsight.followers')}
                value={followers.followers}
                data-testid="line-figures-followers"
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('lineInsight.targetedReaches')} value={followers.targeted_reaches} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('lineInsight.blocks')} value={followers.blocks} />
            </Col>
          </>
        )}
        {deliveries && (
          <Col xs={12} md={6}>
            <Statistic
              title={t('lineInsight.deliveries')}
              value={deliveries.total}
              data-testid="line-figures-deliveries"
            />
          </Col>
        )}
      </Row>
      {(!followers || !deliveries) && <Pending pending={figures.pending} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('lineInsight.source')}
      </Typography.Paragraph>
    </>
  );
}

function Pending({ pending }: { pending: LineFigures['pending'] }) {
  const { t } = useTranslation();
  if (pending === 'out_of_service') {
    return (
      <Typography.Paragraph data-testid="line-figures-pending">{t('lineInsight.outOfService')}</Typography.Paragraph>
    );
  }
  return (
    <div data-testid="line-figures-pending">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('lineInsight.counting')}
      </Typography.Title>
      <Typography.Text type="secondary">
        {pending === 'unreachable' ? t('lineInsight.unreachable') : t('lineInsight.countingHint')}
      </Typography.Text>
    </div>
  );
}
