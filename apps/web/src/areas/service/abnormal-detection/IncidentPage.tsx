import type { AffectedItem, IncidentDetail } from '@linq/contract';
import { Button, Card, Col, Descriptions, Flex, Input, List, Row, Space, Timeline, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../app/api/errors.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';
import { formatDateTimeIn } from '../../../components/format.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { planAnalysisPath } from '../plans/paths.ts';
import { useAccountTimeZone } from '../plans/useAccountTimeZone.ts';
import { describeIncident, detectorKey } from './describe.ts';
import { SeverityTag, StatusTag } from './IncidentsPage.tsx';
import { actOnIncident, INCIDENTS_PATH, useCanEditDetection, useIncident } from './useIncidents.ts';
import '../../../app/i18n/parts/abnormal-detection.ts';

/** Where an affected item opens: a plan's analysis, a friend's page (a delivery has no screen of its own). */
function affectedPath(item: AffectedItem): string | null {
  if (item.kind === 'plan') return planAnalysisPath(item.id);
  if (item.kind === 'friend') return `/service/friends/${item.id}`;
  return null;
}

/** The incident's metric per hour around it, in the account's time zone. */
function chartOption(incident: IncidentDetail, name: string, timeZone: string): ChartOption {
  return {
    grid: { left: 40, right: 16, top: 16, bottom: 56 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: incident.series.map((point) => formatDateTimeIn(point.at, timeZone).slice(5)),
    },
    yAxis: { type: 'value', minInterval: 1 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }],
    series: [{ type: 'bar', name, data: incident.series.map((point) => point.value), itemStyle: { color: '#fa541c' } }],
  };
}

/**
 * /service/abnormal-detection/:id: what happened in words, the chart of its metric around it, the
 * affected items with links, acknowledge/resolve with a comment, and the timeline.
 */
export default function IncidentPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = recordId(idParam) ?? 0;
  const timeZone = useAccountTimeZone();
  const query = useIncident(id);
  const canEdit = useCanEditDetection();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const incident = query.data?.data;
  const metricName = incident ? t(`abnormalDetection.metrics.${incident.metric}`) : '';
  const option = useMemo(
    () => (incident ? chartOption(incident, metricName, timeZone) : null),
    [incident, metricName, timeZone],
  );

  if (!incident || !option) {
    return (
      <>
        <PageHeader backTo={INCIDENTS_PATH} />
        <Card>
          <LoadState
            error={query.error}
            invalidId={id === 0}
            backTo={INCIDENTS_PATH}
            onRetry={() => void query.refetch()}
          />
        </Card>
      </>
    );
  }

  const when = (iso: string) => formatDateTimeIn(iso, timeZone);
  const act = async (action: 'acknowledge' | 'resolve') => {
    setBusy(true);
    try {
      await actOnIncident(incident.id, action, comment);
      setComment('');
      feedback.notifySuccess(
        t(action === 'acknowledge' ? 'abnormalDetection.acknowledged' : 'abnormalDetection.resolvedDone'),
      );
    } catch (error) {
      if (!isApiError(error, 409)) throw error;
      feedback.toastError(error.message);
      void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader backTo={INCIDENTS_PATH} />
      <Flex vertical gap={16}>
        <Card>
          <Space wrap style={{ marginBottom: 12 }}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="incident-detector">
              {t(`abnormalDetection.detectors.${detectorKey(incident.detector)}`)}
            </Typography.Title>
            <SeverityTag severity={incident.severity} />
            <span data-testid="incident-status">
              <StatusTag status={incident.status} />
            </span>
          </Space>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('abnormalDetection.firstSeen')}>{when(incident.first_seen_at)}</Descriptions.Item>
            <Descriptions.Item label={t('abnormalDetection.lastSeen')}>{when(incident.last_seen_at)}</Descriptions.Item>
            {incident.resolved_at && (
              <Descriptions.Item label={t('abnormalDetection.resolvedAt')}>{when(incident.resolved_at)}</Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5}>{t('abnormalDetection.whatHappened')}</Typography.Title>
          <div data-testid="incident-what">
            {describeIncident(incident, t, when).map((line) => (
              <Typography.Paragraph key={line} style={{ marginBottom: 4 }}>
                {line}
              </Typography.Paragraph>
            ))}
          </div>
        </Card>
        <Card title={t('abnormalDetection.chartTitle', { metric: metricName })}>
          <EChart
            option={option}
            label={t('abnormalDetection.chartLabel', { metric: metricName })}
            testId="incident-chart"
          />
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('abnormalDetection.affected')}>
              <List
                dataSource={incident.affected}
                locale={{ emptyText: t('abnormalDetection.noAffected') }}
                renderItem={(item) => {
                  const path = affectedPath(item);
                  return (
                    <List.Item data-testid={`affected-${item.kind}-${item.id}`}>
                      <Space>
                        <Typography.Text type="secondary">{t(`abnormalDetection.affectedKinds.${item.kind}`)}</Typography.Text>
                        {path ? <Link to={path}>{item.label}</Link> : <Typography.Text>{item.label}</Typography.Text>}
                        {item.count !== null && (
                          <Typography.Text type="secondary">
                            {t('abnormalDetection.affectedCount', { count: item.count })}
                          </Typography.Text>
                        )}
                      </Space>
                    </List.Item>
                  );
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('abnormalDetection.timeline')}>
              {canEdit && incident.status !== 'resolved' && (
                <Flex vertical gap={8} style={{ marginBottom: 16 }}>
                  <Input.TextArea
                    aria-label={t('abnormalDetection.comment')}
                    placeholder={t('abnormalDetection.commentPlaceholder')}
                    value={comment}
                    maxLength={1000}
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    onChange={(event) => setComment(event.target.value)}
                    data-testid="incident-comment"
                  />
                  <Space wrap>
                    {incident.status === 'open' && (
                      <Button loading={busy} onClick={() => void act('acknowledge')} data-testid="incident-acknowledge">
                        {t('abnormalDetection.acknowledge')}
                      </Button>
                    )}
                    <Button
                      type="primary"
                      loading={busy}
                      onClick={() => void act('resolve')}
                      data-testid="incident-resolve"
                    >
                      {t('abnormalDetection.resolve')}
                    </Button>
                  </Space>
                </Flex>
              )}
              <Timeline
                data-testid="incident-timeline"
                items={incident.timeline.map((entry, index) => ({
                  key: index,
                  content: (
                    <Flex vertical>
                      <Typography.Text strong>
                        {t(`abnormalDetection.timelineKinds.${entry.kind}`)}{' '}
                        <Typography.Text type="secondary">
                          {when(entry.at)} · {entry.by ?? t('abnormalDetection.byDetector')}
                        </Typography.Text>
                      </Typography.Text>
                      {entry.comment && <Typography.Text>{entry.comment}</Typography.Text>}
                    </Flex>
                  ),
                }))}
              />
            </Card>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
