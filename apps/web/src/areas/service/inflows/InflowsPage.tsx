import { BarChartOutlined, CopyOutlined, DownloadOutlined, FolderOutlined } from '@ant-design/icons';
import { inflowsApi, type InflowListItem } from '@linq/contract';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, saveBlob } from '../../../app/api/download.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link, useNavigate } from '../../../app/navigation.tsx';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { FolderLayout, FolderSidebar } from '../../../components/folders/FolderSidebar.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { ListSearch } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { InflowCreateButton } from './InflowCreateModal.tsx';
import { AttributionNotice, AttributionTag, DateRangeFilter, formatYen, friendCount } from './inflow-parts.tsx';
import { inflowChartPath, inflowPath } from './paths.ts';
import {
  copyInflow,
  removeInflow,
  useCanEditInflows,
  useChannelAttribution,
  useDateRange,
  useInflowList,
} from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

const FILTERS = ['name', 'folder_id'] as const;

/**
 * /service/inflows: the channel's inflow routes in folders, searchable, with their figures over a date
 * range (visits, friends added, blocks among them, conversions, cost per friend and per conversion),
 * whether each attributes friends through LINE Login, CSV export, create, copy and delete.
 */
export default function InflowsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const range = useDateRange();
  const folderId = recordId(filters.folder_id) ?? null;
  const filterQuery = { name: filters.name, folder_id: folderId ?? undefined, ...range.sent };
  const routes = useInflowList({ page, limit, ...filterQuery });
  const folders = useFolderList('service', 'inflows');
  const canEdit = useCanEditInflows();
  const channelAttribution = useChannelAttribution();
  const [busy, setBusy] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const rows = routes.data?.data ?? [];
  const folderName = (id: number) => folders.find((folder) => folder.id === id)?.name ?? t('inflows.noFolder');

  const copy = async (route: InflowListItem) => {
    setBusy(route.id);
    try {
      const created = await copyInflow(route.id);
      feedback.notifySuccess(t('inflows.copied', { name: created.name }));
    } catch {
      // Reported by the request layer.
    } finally {
      setBusy(null);
    }
  };
  const remove = async (route: InflowListItem) => {
    await removeInflow(route.id);
    if (rows.length === 1 && page > 1) update({ page: page - 1 });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await download(inflowsApi.exportCsv, { query: filterQuery }, { handles: 'http' });
      saveBlob(blob, filename ?? `inflows-${dayjs().format('YYYYMMDD-HHmm')}.csv`);
    } catch (error) {
      // A missing response has been reported by the request layer already.
      if (!isApiError(error) || !error.isNetworkError) {
        feedback.notifyError(t('inflows.exportFailed'), error instanceof Error ? error.message : String(error));
      }
    } finally {
      setExporting(false);
    }
  };

  const figure = (key: 'visits' | 'friends_added' | 'blocks' | 'conversions') => ({
    title: t(`inflows.stats.${key}`),
    key,
    align: 'right' as const,
    render: (_: unknown, route: InflowListItem) => (
      <span data-testid={`inflow-${key}-${route.id}`}>
        {key === 'visits' ? route.stats.visits.toLocaleString() : friendCount(route.stats[key], route.attribution)}
      </span>
    ),
  });
  const money = (key: 'cost_per_friend' | 'cost_per_conversion') => ({
    title: t(`inflows.stats.${key}`),
    key,
    align: 'right' as const,
    responsive: ['lg' as const],
    render: (_: unknown, route: InflowListItem) => formatYen(route.stats[key], i18n.language),
  });

  const columns: ColumnsType<InflowListItem> = [
    {
      title: t('inflows.name'),
      key: 'name',
      render: (_, route) => (
        <Space direction="vertical" size={0}>
          <Link to={inflowPath(route.id)} data-testid={`inflow-name-${route.id}`}>
            {route.name}
          </Link>
          {route.folder_id !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <FolderOutlined /> {folderName(route.folder_id)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('inflows.attribution.title'),
      key: 'attribution',
      render: (_, route) => (
        <AttributionTag attribution={route.attribution} testId={`inflow-attribution-${route.id}`} />
      ),
    },
    figure('visits'),
    figure('friends_added'),
    figure('blocks'),
    figure('conversions'),
    money('cost_per_friend'),
    money('cost_per_conversion'),
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, route) => (
        <Space size={4}>
          <Tooltip title={t('inflows.chart')}>
            <Link to={inflowChartPath(route.id, range.sent)}>
              <Button
                size="small"
                icon={<BarChartOutlined />}
                aria-label={t('inflows.chart')}
                data-testid={`row-chart-${route.id}`}
              />
            </Link>
          </Tooltip>
          {canEdit && (
            <>
              <Tooltip title={t('inflows.copy')}>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t('inflows.copy')}
                  loading={busy === route.id}
                  onClick={() => void copy(route)}
                  data-testid={`row-copy-${route.id}`}
                />
              </Tooltip>
              <ConfirmDeleteButton
                compact
                name={route.name}
                description={t('inflows.deleteHint')}
                onConfirm={() => remove(route)}
                testIdValue={`row-delete-${route.id}`}
              />
            </>
          )}
        </Space>
      ),
    },
  ];

  const emptyText = filters.name
    ? t('inflows.noMatch')
    : folderId !== null
      ? t('inflows.emptyFolder')
      : t('inflows.empty');

  return (
    <>
      <PageHeader
        extra={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportCsv()}
              data-testid="export-csv"
            >
              {t('inflows.exportCsv')}
            </Button>
            {canEdit && (
              <InflowCreateButton folderId={folderId} onCreated={(route) => void navigate(inflowPath(route.id))} />
            )}
          </>
        }
      />
      {channelAttribution?.mode === 'plain' && (
        <div style={{ marginBottom: 16 }}>
          <AttributionNotice attribution={channelAttribution} />
        </div>
      )}
      <FolderLayout
        sidebar={
          <FolderSidebar
            area="service"
            folderType="inflows"
            itemNoun={t('inflows.noun')}
            onDeleted={() => invalidateEndpoints(inflowsApi.list)}
          />
        }
      >
        <ResourceTable<InflowListItem>
          params={{ page, limit, update }}
          list={routes}
          columns={columns}
          toolbar={
            <>
              <ListSearch
                value={filters.name}
                placeholder={t('inflows.searchPlaceholder')}
                onSearch={(name) => update({ name })}
              />
              <DateRangeFilter range={range.shown} onChange={range.change} />
            </>
          }
          rowTestId={(route) => `inflow-row-${route.id}`}
          emptyText={emptyText}
          emptyTestId="inflows-empty"
          failedTestId="inflows-load-failed"
          testId="inflows-table"
        />
      </FolderLayout>
    </>
  );
}
