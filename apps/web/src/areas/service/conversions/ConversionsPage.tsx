import { ApiOutlined, EditOutlined, EyeOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { conversionsApi, type ConversionPoint } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { FolderLayout, FolderSidebar } from '../../../components/folders/FolderSidebar.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { ListSearch } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { useAccountTimeZoneName } from '../plans/useAccountTimeZone.ts';
import { PointDrawer, type DayRange } from './PointDrawer.tsx';
import { PointFormModal } from './PointFormModal.tsx';
import { removePoint, useCanEditConversions } from './useConversions.ts';
import { WebhookModal } from './WebhookModal.tsx';
import '../../../app/i18n/parts/conversions.ts';

const FILTERS = ['name', 'folder_id', 'from', 'to'] as const;
const DATE = 'YYYY-MM-DD';
const validDay = (value: string | undefined) => (value && dayjs(value, DATE, true).isValid() ? value : undefined);

/**
 * /service/conversions: the channel's conversion points in folders, with their counts in a period;
 * create and edit in a dialog; a point's drawer has its URL and pixel tag, breakdowns per friend,
 * inflow route and plan, and the CSV and ad exports; the channel's webhook settings.
 */
export default function ConversionsPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const folderId = recordId(filters.folder_id) ?? null;
  const range: DayRange = {
    ...(validDay(filters.from) ? { from: validDay(filters.from) } : {}),
    ...(validDay(filters.to) ? { to: validDay(filters.to) } : {}),
  };
  const points = useQuery({
    ...endpointQuery(conversionsApi.list, {
      query: { page, limit, name: filters.name, folder_id: folderId ?? undefined, ...range },
    }),
    placeholderData: keepPreviousData,
  });
  const folders = useFolderList('service', 'conversions');
  const canEdit = useCanEditConversions();
  const zone = useAccountTimeZoneName();
  const [editing, setEditing] = useState<ConversionPoint | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [webhookOpen, setWebhookOpen] = useState(false);
  const rows = points.data?.data ?? [];
  const opened = rows.find((point) => point.id === openId) ?? null;
  const folderName = (id: number) => folders.find((folder) => folder.id === id)?.name ?? t('conversions.noFolder');

  const remove = async (point: ConversionPoint) => {
    await removePoint(point.id);
    if (rows.length === 1 && page > 1) update({ page: page - 1 });
  };

  const columns: ColumnsType<ConversionPoint> = [
    {
      title: t('conversions.name'),
      key: 'name',
      render: (_, point) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => setOpenId(point.id)} data-testid={`conversion-name-${point.id}`}>
            {point.name}
          </Typography.Link>
          {point.folder_id !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <FolderOutlined /> {folderName(point.folder_id)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('conversions.total'),
      key: 'total',
      align: 'right',
      render: (_, point) => (
        <span data-testid={`conversion-total-${point.id}`}>{point.counts.total.toLocaleString()}</span>
      ),
    },
    {
      title: t('conversions.friends'),
      key: 'friends',
      align: 'right',
      render: (_, point) => (
        <span data-testid={`conversion-friends-${point.id}`}>{point.counts.friends.toLocaleString()}</span>
      ),
    },
    {
      title: t('conversions.anonymous'),
      key: 'anonymous',
      align: 'right',
      responsive: ['md'],
      render: (_, point) => point.counts.anonymous.toLocaleString(),
    },
    {
      title: t('conversions.countMode'),
      key: 'mode',
      responsive: ['lg'],
      render: (_, point) => <Tag>{t(`conversions.modes.${point.count_mode}`)}</Tag>,
    },
    {
      title: t('conversions.value'),
      key: 'value',
      align: 'right',
      responsive: ['lg'],
      render: (_, point) => point.value.toLocaleString(),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, point) => (
        <Space size={4}>
          <Tooltip title={t('conversions.details')}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('conversions.details')}
              onClick={() => setOpenId(point.id)}
              data-testid={`row-open-${point.id}`}
            />
          </Tooltip>
          {canEdit && (
            <>
              <Tooltip title={t('common.edit')}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('common.edit')}
                  onClick={() => setEditing(point)}
                  data-testid={`row-edit-${point.id}`}
                />
              </Tooltip>
              <ConfirmDeleteButton
                compact
                name={point.name}
                onConfirm={() => remove(point)}
                testIdValue={`row-delete-${point.id}`}
              />
            </>
          )}
        </Space>
      ),
    },
  ];

  const emptyText = filters.name
    ? t('conversions.noMatch')
    : folderId !== null
      ? t('conversions.emptyFolder')
      : t('conversions.empty');

  return (
    <>
      <PageHeader
        extra={
          canEdit && (
            <>
              <Button icon={<ApiOutlined />} onClick={() => setWebhookOpen(true)} data-testid="conversion-webhook-open">
                {t('conversions.webhook')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="create-button"
              >
                {t('common.create')}
              </Button>
            </>
          )
        }
      />
      <FolderLayout
        sidebar={
          <FolderSidebar
            area="service"
            folderType="conversions"
            itemNoun={t('conversions.noun')}
            onDeleted={() => invalidateEndpoints(conversionsApi.list)}
          />
        }
      >
        <ResourceTable<ConversionPoint>
          params={{ page, limit, update }}
          list={points}
          columns={columns}
          toolbar={
            <Flex gap={12} wrap align="center">
              <ListSearch
                value={filters.name}
                placeholder={t('conversions.searchPlaceholder')}
                onSearch={(name) => update({ name })}
              />
              <Space wrap>
                <span>{t('conversions.range')}</span>
                <DatePicker.RangePicker
                  value={[range.from ? dayjs(range.from, DATE) : null, range.to ? dayjs(range.to, DATE) : null]}
                  allowEmpty={[true, true]}
                  placeholder={[t('conversions.rangeFrom'), t('conversions.rangeTo')]}
                  onChange={(dates) => update({ from: dates?.[0]?.format(DATE), to: dates?.[1]?.format(DATE) })}
                  data-testid="conversion-range"
                />
                <Typography.Text type="secondary">{t('conversions.rangeHint', { zone })}</Typography.Text>
              </Space>
            </Flex>
          }
          rowTestId={(point) => `conversion-row-${point.id}`}
          emptyText={emptyText}
          emptyTestId="conversions-empty"
          failedTestId="conversions-load-failed"
          testId="conversions-table"
        />
      </FolderLayout>
      {editing !== null && (
        <PointFormModal
          point={editing === 'new' ? null : editing}
          folderId={folderId}
          onClose={() => setEditing(null)}
        />
      )}
      {opened && <PointDrawer point={opened} range={range} onClose={() => setOpenId(null)} />}
      {webhookOpen && <WebhookModal onClose={() => setWebhookOpen(false)} />}
    </>
  );
}
