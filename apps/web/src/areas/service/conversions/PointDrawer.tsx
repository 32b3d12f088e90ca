import { DownloadOutlined } from '@ant-design/icons';
import {
  CONVERSION_BREAKDOWNS,
  conversionsApi,
  type BreakdownRow,
  type ConversionBreakdownKind,
  type ConversionPoint,
  type Endpoint,
} from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, saveBlob } from '../../../app/api/download.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { consoleAddress, pixelTag, useCanExport } from './useConversions.ts';
import '../../../app/i18n/parts/conversions.ts';

const PAGE_SIZE = 20;
export interface DayRange {
  from?: string;
  to?: string;
}

const BREAKDOWN_LABEL = { friend: 'byFriend', inflow: 'byInflow', plan: 'byPlan' } as const;
const NONE_LABEL = { friend: 'anonymousRow', inflow: 'noInflow', plan: 'noPlan' } as const;

function ExportButton({
  endpoint,
  point,
  range,
  label,
  testId,
}: {
  endpoint: Endpoint;
  point: ConversionPoint;
  range: DayRange;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await download(endpoint, { params: { id: point.id }, query: range } as never, {
        handles: 'http',
      });
      saveBlob(blob, filename ?? `conversions-${point.id}.csv`);
    } catch (error) {
      if (!isApiError(error) || !error.isNetworkError) {
        feedback.notifyError(t('conversions.exportFailed'), error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {label}
    </Button>
  );
}

function Breakdown({ point, range }: { point: ConversionPoint; range: DayRange }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<ConversionBreakdownKind>('friend');
  const [page, setPage] = useState(1);
  const rows = useQuery({
    ...endpointQuery(conversionsApi.breakdown, {
      params: { id: point.id },
      query: { by, page, limit: PAGE_SIZE, ...range },
    }),
    placeholderData: keepPreviousData,
  });
  const name = (row: BreakdownRow) => {
    const text = row.name ?? t(`conversions.${NONE_LABEL[by]}`);
    if (by === 'friend' && row.id !== null) {
      return (
        <Link to={`/service/friends/${row.id}`} data-testid={`conversion-friend-${row.id}`}>
          {text}
        </Link>
      );
    }
    return <Typography.Text type={row.id === null ? 'secondary' : undefined}>{text}</Typography.Text>;
  };
  return (
    <Flex vertical gap={8}>
      <Segmented<ConversionBreakdownKind>
        value={by}
        onChange={(value) => {
          setBy(value);
          setPage(1);
        }}
        options={CONVERSION_BREAKDOWNS.map((kind) => ({
          value: kind,
          label: t(`conversions.${BREAKDOWN_LABEL[kind]}`),
        }))}
        data-testid="conversion-breakdown-by"
      />
      <Table<BreakdownRow>
        size="small"
        rowKey={(row) => String(row.id)}
        loading={rows.isFetching}
        dataSource={rows.data?.data ?? []}
        locale={{ emptyText: rows.isError ? t('common.loadFailed') : t('conversions.breakdownEmpty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.data?.total_item_count ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: t('conversions.name'), key: 'name', render: (_, row) => name(row) },
          { title: t('conversions.count'), key: 'count', dataIndex: 'count', align: 'right', width: 90 },
          {
            title: t('conversions.lastAt'),
            key: 'last_at',
            width: 170,
            render: (_, row) => formatDateTime(row.last_at),
          },
        ]}
        data-testid="conversion-breakdown"
      />
    </Flex>
  );
}

/** A point's addresses to place, its breakdowns in the list's period and its downloads. */
export function PointDrawer({
  point,
  range,
  onClose,
}: {
  point: ConversionPoint;
  range: DayRange;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const canExport = useCanExport();
  const copyable = { tooltips: [t('conversions.copy'), t('conversions.copied')] as [string, string] };
  return (
    <Drawer open width={720} title={point.name} onClose={onClose} data-testid="conversion-drawer" destroyOnHidden>
      <Flex vertical gap={16}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('conversions.pageUrl')}>
            <Typography.Text copyable={copyable} data-testid="conversion-page-url">
              {consoleAddress(point.page_path)}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
              {t('conversions.pageUrlHint')}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('conversions.pixelTag')}>
            <Typography.Text code copyable={copyable} data-testid="conversion-pixel-tag">
              {pixelTag(point.pixel_path)}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
              {t('conversions.pixelHint')}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('conversions.counts')}>
            <span data-testid="conversion-drawer-counts">
              {t('conversions.countLine', {
                total: point.counts.total,
                friends: point.counts.friends,
                anonymous: point.counts.anonymous,
              })}
            </span>
          </Descriptions.Item>
        </Descriptions>
        {canExport && (
          <Flex vertical gap={8}>
            <Flex gap={8} wrap>
              <ExportButton
                endpoint={conversionsApi.exportCsv}
                point={point}
                range={range}
                label={t('conversions.exportCsv')}
                testId="conversion-export-csv"
              />
              <ExportButton
                endpoint={conversionsApi.adExport}
                point={point}
                range={range}
                label={t('conversions.adExport')}
                testId="conversion-ad-export"
              />
            </Flex>
            <Alert type="info" showIcon message={t('conversions.adExportHint')} />
          </Flex>
        )}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('conversions.breakdown')}
        </Typography.Title>
        <Breakdown point={point} range={range} />
      </Flex>
    </Drawer>
  );
}
