import {
  adminHomeApi,
  DETECTOR_KINDS,
  NEAR_LIMIT_PERCENT,
  type AdminHome,
  type IncidentSeverity,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Result, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { LIST_PATH as ACCOUNTS_PATH } from '../accounts/paths.ts';
import { LIST_PATH as AGENCIES_PATH } from '../agencies/paths.ts';
import { LIST_PATH as CHANNELS_PATH } from '../line-accounts/paths.ts';
import { LIST_PATH as OEMS_PATH } from '../oem/paths.ts';
import { LIST_PATH as PLANS_PATH } from '../oem-plans/paths.ts';
import '../../../app/i18n/parts/admin-home.ts';
import '../../../app/i18n/parts/abnormal-detection.ts';
import '../../../app/i18n/parts/inquiries.ts';

const SEVERITY_COLOURS: Record<IncidentSeverity, string> = { critical: 'red', warning: 'orange', info: 'blue' };
const knownDetector = (detector: string) => DETECTOR_KINDS.find((kind) => kind === detector) ?? 'other';
const empty = (description: string, testId: string) => (
  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid={testId} />
);

/** The admin home: the acting OEM's figures, accounts near a plan limit, open anomalies and inquiries. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const query = useQuery(endpointQuery(adminHomeApi.get, { query: { oem_id: oemId } }));
  const data = query.data?.data;
  return (
    <>
      <PageHeader />
      {query.isError && !data ? (
        <Result
          status="warning"
          title={t('adminHome.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('adminHome.retry')}</Button>}
          data-testid="admin-home-error"
        />
      ) : !data ? (
        <LoadState error={null} backTo="/admin" onRetry={() => void query.refetch()} />
      ) : (
        <Home data={data} />
      )}
    </>
  );
}

function Home({ data }: { data: AdminHome }) {
  const { t } = useTranslation();
  const { counts } = data;
  const figures: { key: string; title: string; value: number; to?: string }[] = [
    ...(counts.oems !== null ? [{ key: 'oems', title: t('adminHome.oems'), value: counts.oems, to: OEMS_PATH }] : []),
    { key: 'agencies', title: t('adminHome.agencies'), value: counts.agencies, to: AGENCIES_PATH },
    { key: 'accounts', title: t('adminHome.accounts'), value: counts.accounts, to: ACCOUNTS_PATH },
    { key: 'channels', title: t('adminHome.channels'), value: counts.channels, to: CHANNELS_PATH },
    { key: 'friends', title: t('adminHome.friends'), value: counts.friends },
    { key: 'messages', title: t('adminHome.messagesThisMonth'), value: counts.messages_this_month },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('adminHome.counts')} data-testid="admin-home-counts">
        <Row gutter={[16, 16]}>
          {figures.map((figure) => (
            <Col xs={12} md={8} xl={4} key={figure.key} data-testid={`admin-home-count-${figure.key}`}>
              <Statistic title={figure.title} value={figure.value} />
              {figure.to && <Link to={figure.to}>{t('adminHome.openList')}</Link>}
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <NearLimits rows={data.near_limits} />
        </Col>
        <Col xs={24} xl={12}>
          <Anomalies anomalies={data.anomalies} />
        </Col>
      </Row>
      <Inquiries rows={data.inquiries} />
    </Space>
  );
}

function NearLimits({ rows }: { rows: AdminHome['near_limits'] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('adminHome.nearLimits')}
      extra={<Link to={PLANS_PATH}>{t('adminHome.openList')}</Link>}
      data-testid="admin-home-near-limits"
    >
      <Typography.Paragraph type="secondary">
        {t('adminHome.nearLimitsHint', { percent: NEAR_LIMIT_PERCENT })}
      </Typography.Paragraph>
      {rows.length === 0 ? (
        empty(t('adminHome.noNearLimits'), 'admin-home-near-limits-empty')
      ) : (
        <List
          dataSource={rows}
          renderItem={(row) => (
            <List.Item key={row.account.id} data-testid={`admin-home-near-limit-${row.account.id}`}>
              <List.Item.Meta
                title={<Link to={`${ACCOUNTS_PATH}/${row.account.id}`}>{row.account.name}</Link>}
                description={row.plan.name}
              />
              <Space direction="vertical" size={2} style={{ textAlign: 'right' }}>
                {row.limits.map((limit) => (
                  <span key={limit.limit}>
                    <Tag color={limit.percent >= 100 ? 'red' : 'orange'}>{t(`adminHome.limits.${limit.limit}`)}</Tag>
                    {t('adminHome.usage', {
                      used: limit.used.toLocaleString(),
                      max: limit.max.toLocaleString(),
                      percent: limit.percent,
                    })}
                  </span>
                ))}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function Anomalies({ anomalies }: { anomalies: AdminHome['anomalies'] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('adminHome.anomalies')}
      extra={<Link to={CHANNELS_PATH}>{t('adminHome.openList')}</Link>}
      data-testid="admin-home-anomalies"
    >
      <Space wrap style={{ marginBottom: 8 }}>
        {anomalies.by_severity.map(({ severity, count }) => (
          <Tag key={severity} color={SEVERITY_COLOURS[severity]} data-testid={`admin-home-severity-${severity}`}>
            {t(`adminHome.severity.${severity}`)}: {count}
          </Tag>
        ))}
      </Space>
      {anomalies.recent.length === 0 ? (
        empty(t('adminHome.noAnomalies'), 'admin-home-anomalies-empty')
      ) : (
        <List
          dataSource={anomalies.recent}
          renderItem={(item) => (
            <List.Item key={item.id}>
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <Tag color={SEVERITY_COLOURS[item.severity]}>{t(`adminHome.severity.${item.severity}`)}</Tag>
                    {t(`abnormalDetection.detectors.${knownDetector(item.detector)}`)}
                  </Space>
                }
                description={
                  <>
                    <Link to={`${CHANNELS_PATH}/${item.channel.id}`}>{item.channel.name}</Link>（{item.account.name}）・
                    {formatDateTime(item.last_seen_at)}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function Inquiries({ rows }: { rows: AdminHome['inquiries'] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('adminHome.inquiries')} data-testid="admin-home-inquiries">
      {rows.length === 0 ? (
        empty(t('adminHome.noInquiries'), 'admin-home-inquiries-empty')
      ) : (
        <List
          dataSource={rows}
          renderItem={(row) => (
            <List.Item key={row.id} extra={<Tag>{t(`adminHome.inquiryStatus.${row.status}`)}</Tag>}>
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <Tag>{t(`inquiries.categories.${row.category}`)}</Tag>
                    {row.subject}
                  </Space>
                }
                description={
                  <>
                    <Link to={`${ACCOUNTS_PATH}/${row.account.id}`}>{row.account.name}</Link>・{row.channel.name}・
                    {formatDateTime(row.created_at)}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
