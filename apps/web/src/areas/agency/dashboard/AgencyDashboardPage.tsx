import { agencyDashboardApi as api, agencyNewsApi, INCIDENT_SEVERITIES, type AgencyDashboard } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Space, Statistic, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { NewsCard } from '../../../components/news/NewsCard.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import '../../../app/i18n/parts/agency-dashboard.ts';
import '../../../app/i18n/parts/news.ts';

const SEVERITY_COLORS = { critical: 'red', warning: 'orange', info: 'blue' } as const;

/** The agency's home: its clients, contracts ending soon, recurring revenue (managers) and client channels in trouble. */
export default function AgencyDashboardPage() {
  const { t } = useTranslation();
  const query = useQuery(endpointQuery(api.get, {}));
  const data = query.data?.data;
  return (
    <>
      <PageHeader />
      {query.isError && !data ? (
        <Result
          status="warning"
          title={t('agencyDashboard.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('agencyDashboard.retry')}</Button>}
          data-testid="agency-dashboard-error"
        />
      ) : !data ? (
        <LoadState error={null} backTo="/agency" onRetry={() => void query.refetch()} />
      ) : (
        <Figures data={data} />
      )}
    </>
  );
}

function Figures({ data }: { data: AgencyDashboard }) {
  const { t } = useTranslation();
  const counts = [
    { key: 'clients', value: data.client_accounts, to: '/agency/accounts' },
    { key: 'liveContracts', value: data.live_contracts, to: '/agency/contracts' },
    { key: 'ending30', value: data.ending_within.days_30, to: '/agency/contracts?status=ending' },
    { key: 'ending60', value: data.ending_within.days_60, to: '/agency/contracts' },
  ] as const;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {counts.map(({ key, value, to }) => (
          <Col xs={24} sm={12} lg={6} key={key}>
            <Card data-testid={`agency-dashboard-${key}`}>
              <Link to={to}>
                <Statistic title={t(`agencyDashboard.${key}`)} value={t('agencyDashboard.count', { count: value })} />
              </Link>
            </Card>
          </Col>
        ))}
      </Row>
      {data.revenue && (
        <Card title={t('agencyDashboard.trendTitle')} data-testid="agency-dashboard-revenue">
          <Statistic
            title={t('agencyDashboard.mrr')}
            value={t('agencyDashboard.yen', { amount: data.revenue.monthly_recurring_yen.toLocaleString('ja-JP') })}
            data-testid="agency-dashboard-mrr"
          />
          <RevenueChart trend={data.revenue.trend} />
        </Card>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('agencyDashboard.anomalies')} data-testid="agency-dashboard-anomalies">
            <AnomalyChannels channels={data.anomaly_channels} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <NewsCard api={agencyNewsApi} />
        </Col>
      </Row>
    </Space>
  );
}

function RevenueChart({ trend }: { trend: NonNullable<AgencyDashboard['revenue']>['trend'] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 64, right: 16, top: 24, bottom: 24 },
      xAxis: { type: 'category', data: trend.map((point) => point.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('agencyDashboard.trendSeries'), type: 'line', data: trend.map((p) => p.yen), color: '#06c755' },
      ],
    }),
    [trend, t],
  );
  return (
    <EChart
      option={option}
      label={t('agencyDashboard.trendLabel')}
      testId="agency-dashboard-chart"
      style={{ height: 260 }}
    />
  );
}

function AnomalyChannels({ channels }: { channels: AgencyDashboard['anomaly_channels'] }) {
  const { t } = useTranslation();
  if (channels.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agencyDashboard.noAnomalies')} />;
  }
  return (
    <Table
      size="small"
      rowKey="channel_id"
      pagination={false}
      dataSource={channels}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('agencyDashboard.columns.account'),
          key: 'account',
          render: (_, row) => <Link to={`/agency/accounts/${row.account_id}`}>{row.account_name}</Link>,
        },
        { title: t('agencyDashboard.columns.channel'), dataIndex: 'channel_name', key: 'channel' },
        {
          title: t('agencyDashboard.columns.open'),
          key: 'open',
          render: (_, row) => (
            <Space size={4} wrap>
              {[...INCIDENT_SEVERITIES].reverse().map((severity) =>
                row.open[severity] > 0 ? (
                  <Tag key={severity} color={SEVERITY_COLORS[severity]}>
                    {t(`agencyDashboard.severity.${severity}`)}: {row.open[severity]}
                  </Tag>
                ) : null,
              )}
            </Space>
          ),
        },
        {
          title: t('agencyDashboard.columns.lastSeen'),
          key: 'lastSeen',
          render: (_, row) => formatDateTime(row.last_seen_at),
        },
      ]}
      data-testid="agency-dashboard-anomaly-table"
    />
  );
}
