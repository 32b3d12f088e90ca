import { BarChartOutlined, CopyOutlined, PieChartOutlined } from '@ant-design/icons';
import type { InflowListItem } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { feedback } from '../../../app/feedback.ts';
import { Link, useNavigate } from '../../../app/navigation.tsx';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { AttributionNotice, DateRangeFilter, InflowUrl, StatsFigures } from './inflow-parts.tsx';
import { InflowFriends } from './InflowFriends.tsx';
import { InflowHistory } from './InflowHistory.tsx';
import { InflowQr } from './InflowQr.tsx';
import { InflowSettingsForm } from './InflowSettingsForm.tsx';
import { INFLOWS_PATH, inflowChartPath, inflowPath, inflowProfileChartPath } from './paths.ts';
import {
  copyInflow,
  inflowQuery,
  removeInflow,
  useCanEditInflows,
  useDateRange,
  type ScreenRange,
} from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

function HeaderActions({ route, range, canEdit }: { route: InflowListItem; range: ScreenRange; canEdit: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const copy = async () => {
    setCopying(true);
    try {
      const created = await copyInflow(route.id);
      feedback.notifySuccess(t('inflows.copied', { name: created.name }));
      void navigate(inflowPath(created.id));
    } catch {
      // Reported by the request layer.
    } finally {
      setCopying(false);
    }
  };
  return (
    <>
      <Link to={inflowChartPath(route.id, range.sent)}>
        <Button icon={<BarChartOutlined />} data-testid="inflow-chart-link">
          {t('inflows.chart')}
        </Button>
      </Link>
      <Link to={inflowProfileChartPath(route.id, range.sent)}>
        <Button icon={<PieChartOutlined />} data-testid="inflow-profile-chart-link">
          {t('inflows.profileChart')}
        </Button>
      </Link>
      {canEdit && (
        <>
          <Button icon={<CopyOutlined />} loading={copying} onClick={() => void copy()} data-testid="inflow-copy">
            {t('inflows.copy')}
          </Button>
          <ConfirmDeleteButton
            name={route.name}
            description={t('inflows.deleteHint')}
            onConfirm={async () => {
              await removeInflow(route.id);
              void navigate(INFLOWS_PATH, { replace: true });
            }}
          />
        </>
      )}
    </>
  );
}

function InflowDetails({ route, range }: { route: InflowListItem; range: ScreenRange }) {
  const { t } = useTranslation();
  const canEdit = useCanEditInflows();
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Flex vertical gap={16}>
            <Card title={t('inflows.urlTitle')}>
              <Flex vertical gap={16}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="inflow-title">
                  {route.name}
                </Typography.Title>
                <InflowUrl path={route.path} />
                <AttributionNotice attribution={route.attribution} />
                <InflowQr route={route} />
              </Flex>
            </Card>
            <Card title={t('inflows.figures')} extra={<DateRangeFilter range={range.shown} onChange={range.change} />}>
              <StatsFigures stats={route.stats} attribution={route.attribution} />
            </Card>
            <InflowSettingsForm key={route.updated_at} route={route} canEdit={canEdit} />
          </Flex>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('inflows.history.title')}>
            <InflowHistory routeId={route.id} />
          </Card>
        </Col>
      </Row>
      <InflowFriends routeId={route.id} />
    </Flex>
  );
}

/**
 * /service/inflows/{id}: the route's URL and QR code, whether it attributes friends, its figures over
 * a range, its settings and actions on friend add (editable at any time, with history), the friends
 * attributed to it, and links to its two charts.
 */
export default function InflowDetailPage() {
  const id = recordId(useParams().id) ?? 0;
  const channel = useSelectedChannelId();
  const range = useDateRange();
  const canEdit = useCanEditInflows();
  const route = useQuery({ ...inflowQuery(id, range.sent), enabled: id > 0 && channel !== null });
  const data = route.data?.data;
  return (
    <>
      <PageHeader
        backTo={INFLOWS_PATH}
        extra={data && <HeaderActions route={data} range={range} canEdit={canEdit} />}
      />
      {data ? (
        <InflowDetails route={data} range={range} />
      ) : (
        <Card>
          <LoadState
            error={route.error}
            invalidId={id === 0}
            backTo={INFLOWS_PATH}
            onRetry={() => void route.refetch()}
          />
        </Card>
      )}
    </>
  );
}
