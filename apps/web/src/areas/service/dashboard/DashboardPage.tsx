import {
  dashboardApi as api,
  DASHBOARD_PERIODS,
  DASHBOARD_TOP_KINDS,
  INCIDENT_SEVERITIES,
  serviceNewsApi,
  type Dashboard,
  type DashboardPeriod,
  type DashboardTopKind,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  List,
  Progress,
  Result,
  Row,
  Segmented,
  Space,
  Statistic,
  Steps,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery, prefetchQuietly } from '../../../app/api/queries.ts';
import type { ScreenPrefetch } from '../../../app/channels/channels.ts';
import { Link } from '../../../app/navigation.tsx';
import { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import '../../../app/i18n/parts/dashboard.ts';
import { LineFiguresCard } from './LineFiguresCard.tsx';
import { NewsCard } from '../../../components/news/NewsCard.tsx';

const TALKS_UNREAD_PATH = '/service/talks?unread=1';
const ANOMALIES_PATH = '/service/abnormal-detection';
const topPath = (kind: DashboardTopKind, id: number) =>
  kind === 'plans' ? `/service/plan-analysis/${id}` : `/service/inflows/${id}`;

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString()}` : n.toLocaleString());

const FIRST_PERIOD: DashboardPeriod = '30';

/** On a direct load: the figures of the first period. */
export const prefetch: ScreenPrefetch = (_url, lineAccountId) =>
  prefetchQuietly(endpointQuery(api.get, { query: { days: FIRST_PERIOD } }, { handles: 'all', lineAccountId }));

/** The service home: the selected channel's figures, chart, quota, unread talks, anomalies and tops. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<DashboardPeriod>(FIRST_PERIOD);
  const query = useQuery(endpointQuery(api.get, { query: { days } }));
  const data = query.data?.data;

  return (
    <>
      <PageHeader
        extra={
          <Segmented<DashboardPeriod>
            aria-label={t('dashboard.period')}
            value={days}
            onChange={setDays}
            options={DASHBOARD_PERIODS.map((value) => ({
              value,
              label: t('dashboard.days', { count: Number(value) }),
            }))}
            data-testid="dashboard-period"
          />
        }
      />
      {query.isError && !data ? (
        <Result
          status="warning"
          title={t('dashboard.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('dashboard.retry')}</Button>}
          data-testid="dashboard-error"
        />
      ) : !data ? (
        <LoadState error={null} backTo="/service" onRetry={() => void query.refetch()} />
      ) : (
        <Figures data={data} />
      )}
    </>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { setup } = data;
  const needsSetup = !setup.connected || !setup.has_friends || !setup.has_welcome;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {needsSetup && <SetupCard setup={setup} />}
      <Row gutter={[16, 16]}>
        {(['total', 'following', 'blocked'] as const).map((key) => (
          <Col xs={24} md={8} key={key}>
            <Card data-testid={`dashboard-friends-${key}`}>
              <Statistic title={t(`dashboard.${key}`)} value={data.friends[key]} />
              <Typography.Text type="secondary">
                {t('dashboard.change', { value: signed(data.change[key]) })}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('dashboard.chartTitle')}>
        <FollowChart data={data} />
      </Card>
      <LineFiguresCard />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <QuotaCard />
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.unread')} data-testid="dashboard-unread">
            <Statistic value={t('dashboard.unreadCount', { count: data.unread_talks })} />
            <Link to={TALKS_UNREAD_PATH}>{t('dashboard.openTalks')}</Link>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.anomalies')} data-testid="dashboard-anomalies">
            <Space wrap style={{ marginBottom: 8 }}>
              {[...INCIDENT_SEVERITIES].reverse().map((severity) => (
                <Tag
                  key={severity}
                  color={severity === 'critical' ? 'red' : severity === 'warning' ? 'orange' : 'blue'}
                >
                  {t(`dashboard.severity.${severity}`)}: {data.open_anomalies[severity] ?? 0}
                </Tag>
              ))}
            </Space>
            <div>
              <Link to={ANOMALIES_PATH}>{t('dashboard.openAnomalies')}</Link>
            </div>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {DASHBOARD_TOP_KINDS.map((kind) => (
          <Col xs={24} lg={8} key={kind}>
            <Card title={t(`dashboard.tops.${kind}`)} data-testid={`dashboard-top-${kind}`}>
              <TopList kind={kind} top={data.tops.find((top) => top.kind === kind)} />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={8}>
          <NewsCard api={serviceNewsApi} />
        </Col>
      </Row>
    </Space>
  );
}

function SetupCard({ setup }: { setup: Dashboard['setup'] }) {
  const { t } = useTranslation();
  const steps = [
    {
      done: setup.connected,
      title: t('dashboard.setupConnect'),
      link: { to: '/account', label: t('dashboard.setupConnectLink') },
    },
    { done: setup.has_friends, title: t('dashboard.setupFriend'), link: null },
    {
      done: setup.has_welcome,
      title: t('dashboard.setupWelcome'),
      link: { to: '/service/plans/create', label: t('dashboard.setupWelcomeLink') },
    },
  ];
  return (
    <Card title={t('dashboard.setupTitle')} data-testid="dashboard-setup">
      <Steps
        direction="vertical"
        size="small"
        current={steps.findIndex((step) => !step.done)}
        items={steps.map((step) => ({
          title: step.title,
          status: step.done ? 'finish' : 'wait',
          description: step.done ? t('dashboard.done') : step.link && <Link to={step.link.to}>{step.link.label}</Link>,
        }))}
      />
    </Card>
  );
}

function FollowChart({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: [t('dashboard.follows'), t('dashboard.blocks')] },
      grid: { left: 40, right: 16, top: 40, bottom: 24 },
      xAxis: { type: 'category', data: data.series.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('dashboard.follows'), type: 'bar', data: data.series.map((d) => d.follows), color: '#06c755' },
        { name: t('dashboard.blocks'), type: 'bar', data: data.series.map((d) => d.blocks), color: '#ff4d4f' },
      ],
    }),
    [data.series, t],
  );
  return <EChart option={option} label={t('dashboard.chartLabel')} testId="dashboard-chart" style={{ height: 280 }} />;
}

function TopList({ kind, top }: { kind: DashboardTopKind; top: Dashboard['tops'][number] | undefined }) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      dataSource={top?.items ?? []}
      locale={{ emptyText: t(`dashboard.topsEmpty.${kind}`) }}
      renderItem={(item) => (
        <List.Item extra={t(`dashboard.figure.${kind}`, { count: item.value })}>
          <Link to={topPath(kind, item.id)}>{item.label}</Link>
        </List.Item>
      )}
    />
  );
}

function QuotaCard() {
  const { t } = useTranslation();
  const query = useQuery(endpointQuery(api.quota, {}));
  const quota = query.data?.data;
  return (
    <Card title={t('dashboard.quota')} data-testid="dashboard-quota" loading={query.isPending}>
      {query.isError || quota === null ? (
        <Typography.Text type="secondary">{t('dashboard.quotaUnavailable')}</Typography.Text>
      ) : quota ? (
        <>
          <Typography.Paragraph data-testid="dashboard-quota-used">
            {quota.limit === null
              ? t('dashboard.quotaUnlimited', { used: quota.used.toLocaleString() })
              : t('dashboard.quotaUsed', { used: quota.used.toLocaleString(), limit: quota.limit.toLocaleString() })}
          </Typography.Paragraph>
          {quota.limit !== null && quota.limit > 0 && (
            <Progress percent={Math.min(100, Math.round((quota.used / quota.limit) * 100))} />
          )}
          <Typography.Text type="secondary">
            {t('dashboard.quotaForecast', { forecast: quota.forecast.toLocaleString() })}
          </Typography.Text>
          {quota.limit !== null && quota.forecast > quota.limit && (
            <Typography.Paragraph type="danger">{t('dashboard.quotaOver')}</Typography.Paragraph>
          )}
        </>
      ) : null}
    </Card>
  );
}
