import { richMenusApi, type RichMenu, type RichMenuInsight } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Flex, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import '../../../app/i18n/parts/rich-menus.ts';

const DAY = 'YYYY-MM-DD';

type Metrics = { count: number; unique_users: number };

interface FigureRow {
  key: string;
  label: string;
  /** Our own count for the period; null while loading, and for an area LINE still counts but the menu no longer has. */
  ours: number | null;
  line: Metrics | null;
  testId: string;
}

/**
 * Tap figures of a saved menu: our own count per area beside LINE's insight, both for one period
 * (by default the last 30 JST days, as the server chooses). LINE withholding its figures is shown as
 * that, never as 0.
 */
export function RichMenuFigures({ menu }: { menu: RichMenu }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const insight = useQuery({
    ...endpointQuery(richMenusApi.insight, { params: { id: menu.id }, query: period ?? {} }, { handles: [422] }),
    staleTime: 0,
  });
  const figures: RichMenuInsight | undefined = insight.data?.data;
  const shown = period ?? (figures ? { from: figures.from, to: figures.to } : null);
  const state = figures?.state;

  const lineOf = (areaId: number | null) => figures?.areas.find((area) => area.area_id === areaId) ?? null;
  const rows: FigureRow[] = [
    ...menu.areas.map((area, index) => ({
      key: `area-${area.id}`,
      label: t('richMenus.figuresAreaLabel', {
        number: index + 1,
        action: t(`richMenus.actionTypes.${area.action.type}`),
      }),
      ours: figures?.ours.find((row) => row.area_id === area.id)?.count ?? null,
      line: lineOf(area.id),
      testId: `${index}`,
    })),
    ...(figures?.areas ?? [])
      .filter((area) => area.area_id === null)
      .map((area, index) => ({
        key: `past-${index}`,
        label: t('richMenus.figuresPastArea', area.bounds),
        ours: null,
        line: area,
        testId: `past-${index}`,
      })),
  ];

  const lineCell = (row: FigureRow, pick: (metrics: Metrics) => number, kind: string) => {
    const testId = `rich-menu-figures-line-${kind}-${row.testId}`;
    if (state === 'not_enough_data') {
      return (
        <Typography.Text type="secondary" data-testid={testId}>
          {t('richMenus.notEnoughData')}
        </Typography.Text>
      );
    }
    return <span data-testid={testId}>{state === 'ready' && row.line ? pick(row.line).toLocaleString() : '—'}</span>;
  };

  return (
    <Card title={t('richMenus.figures')} size="small" data-testid="rich-menu-figures">
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text>{t('richMenus.figuresPeriod')}</Typography.Text>
          <DatePicker.RangePicker
            allowClear={false}
            value={shown ? [dayjs(shown.from, DAY), dayjs(shown.to, DAY)] : null}
            onChange={(range) => {
              if (range?.[0] && range[1]) setPeriod({ from: range[0].format(DAY), to: range[1].format(DAY) });
            }}
            data-testid="rich-menu-figures-period"
          />
        </Flex>
        {insight.error && <Alert type="error" showIcon title={insight.error.message} />}
        {state && state !== 'ready' && (
          <Alert
            type={state === 'unavailable' ? 'warning' : 'info'}
            showIcon
            title={t(`richMenus.insightStates.${state}`, { message: figures?.message ?? '' })}
            data-testid="rich-menu-insight-state"
            data-state={state}
          />
        )}
        {state === 'ready' && figures?.impressions && (
          <Typography.Text data-testid="rich-menu-insight-impressions">
            {t('richMenus.figuresImpressions', {
              count: figures.impressions.count.toLocaleString(),
              users: figures.impressions.unique_users.toLocaleString(),
            })}
          </Typography.Text>
        )}
        <Table<FigureRow>
          rowKey="key"
          size="small"
          pagination={false}
          loading={insight.isLoading}
          dataSource={rows}
          columns={[
            { title: t('richMenus.figuresArea'), dataIndex: 'label' },
            {
              title: t('richMenus.figuresOurs'),
              key: 'ours',
              align: 'right',
              render: (_, row) => (
                <span data-testid={`rich-menu-figures-ours-${row.testId}`}>{row.ours?.toLocaleString() ?? '—'}</span>
              ),
            },
            {
              title: t('richMenus.figuresLineTaps'),
              key: 'line-taps',
              align: 'right',
              render: (_, row) => lineCell(row, (metrics) => metrics.count, 'taps'),
            },
            {
              title: t('richMenus.figuresLineUsers'),
              key: 'line-users',
              align: 'right',
              render: (_, row) => lineCell(row, (metrics) => metrics.unique_users, 'users'),
            },
          ]}
        />
        <Typography.Text type="secondary">{t('richMenus.figuresOursHint')}</Typography.Text>
      </Flex>
    </Card>
  );
}
