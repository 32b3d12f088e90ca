import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { Link } from '../../../app/navigation.tsx';
import { EChart } from '../../../components/charts/EChart.tsx';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { dailyChartOption } from './chart-options.ts';
import { DateRangeFilter, StatsFigures } from './inflow-parts.tsx';
import { inflowPath, inflowProfileChartPath } from './paths.ts';
import { chartQuery, inflowQuery, useDateRange } from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

/** /service/inflows/{id}/Chart: the route's visits and friends added per day, with blocks, over a range. */
export default function InflowChartPage() {
  const { t } = useTranslation();
  const id = recordId(useParams().id) ?? 0;
  const channel = useSelectedChannelId();
  const range = useDateRange();
  const enabled = id > 0 && channel !== null;
  const route = useQuery({ ...inflowQuery(id, range.sent), enabled });
  const chart = useQuery({ ...chartQuery(id, range.sent), enabled });
  const data = chart.data?.data;
  const option = useMemo(
    () =>
      data &&
      dailyChartOption(data, {
        visits: t('inflows.stats.visits'),
        friendsAdded: t('inflows.stats.friends_added'),
        blocks: t('inflows.stats.blocks'),
      }),
    [data, t],
  );
  const backTo = inflowPath(id);
  return (
    <>
      <PageHeader
        backTo={backTo}
        extra={
          <Link to={inflowProfileChartPath(id, range.sent)} data-testid="inflow-profile-chart-link">
            {t('inflows.profileChart')}
          </Link>
        }
      />
      <Card
        title={route.data?.data.name}
        extra={<DateRangeFilter range={range.shown} onChange={range.change} />}
        data-testid="inflow-chart"
      >
        {data && option && route.data ? (
          <Flex vertical gap={16}>
            <StatsFigures stats={data.totals} attribution={route.data.data.attribution} />
            <EChart option={option} label={t('inflows.chartLabel')} testId="inflow-chart-canvas" />
            <Typography.Text type="secondary">{t('inflows.chartHint')}</Typography.Text>
          </Flex>
        ) : (
          <LoadState
            error={chart.error ?? route.error}
            invalidId={id === 0}
            backTo={backTo}
            onRetry={() => {
              void route.refetch();
              void chart.refetch();
            }}
          />
        )}
      </Card>
    </>
  );
}
