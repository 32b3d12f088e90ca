import { CheckCircleOutlined, CopyOutlined, WarningOutlined } from '@ant-design/icons';
import type { InflowAttribution, InflowStats } from '@linq/contract';
import { Alert, Button, DatePicker, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../components/format.ts';
import type { DateRange } from './date-range.ts';
import '../../../app/i18n/parts/inflows.ts';

/** Pieces the inflow screens share: the route's URL, whether attribution works, the range, the figures. */

/** A route's URL on this console's origin (the API answers only the path). */
export const inflowUrlOf = (path: string) => `${window.location.origin}${path}`;

/** Yen, whole (costs per friend are rounded for reading); a dash when there is nothing to divide. */
export function formatYen(amount: number | null, language: string): string {
  if (amount === null) return '—';
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'JPY', maximumFractionDigits: 0 }).format(
    amount,
  );
}

/** The route's URL with a copy button. */
export function InflowUrl({ path }: { path: string }) {
  const { t } = useTranslation();
  const url = inflowUrlOf(path);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      feedback.notifySuccess(t('inflows.urlCopied'));
    } catch {
      feedback.toastError(t('inflows.urlCopyFailed'));
    }
  };
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
      <Typography.Text
        code
        copyable={false}
        style={{ flex: 1, padding: '4px 8px', wordBreak: 'break-all' }}
        data-testid="inflow-url"
      >
        {url}
      </Typography.Text>
      <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="inflow-url-copy">
        {t('inflows.copyUrl')}
      </Button>
    </Space.Compact>
  );
}

/** Whether the route's visits name the friend (LINE Login works) or it is a plain add-friend link. */
export function AttributionTag({ attribution, testId }: { attribution: InflowAttribution; testId?: string }) {
  const { t } = useTranslation();
  const works = attribution.mode === 'line_login';
  return (
    <Tooltip
      title={works ? t('inflows.attribution.worksHint') : t(`inflows.attribution.reasons.${attribution.reason}`)}
    >
      <Tag
        color={works ? 'green' : 'orange'}
        icon={works ? <CheckCircleOutlined /> : <WarningOutlined />}
        data-testid={testId}
        data-mode={attribution.mode}
      >
        {works ? t('inflows.attribution.works') : t('inflows.attribution.plain')}
      </Tag>
    </Tooltip>
  );
}

/** The route's attribution state in full: what works, or why not and what a plain link loses. */
export function AttributionNotice({ attribution }: { attribution: InflowAttribution }) {
  const { t } = useTranslation();
  if (attribution.mode === 'line_login') {
    return (
      <Alert
        type="success"
        showIcon
        message={t('inflows.attribution.works')}
        description={
          attribution.checked_at
            ? t('inflows.attribution.checkedAt', { at: formatDateTime(attribution.checked_at) })
            : t('inflows.attribution.worksHint')
        }
        data-testid="inflow-attribution"
        data-mode="line_login"
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      message={t('inflows.attribution.plainTitle')}
      description={
        <Space direction="vertical" size={4}>
          <span>{t(`inflows.attribution.reasons.${attribution.reason}`)}</span>
          {attribution.message && (
            <Typography.Text type="secondary">
              {t('inflows.attribution.lineSays', { message: attribution.message })}
            </Typography.Text>
          )}
          <span>{t('inflows.attribution.lost')}</span>
        </Space>
      }
      data-testid="inflow-attribution"
      data-mode="plain"
    />
  );
}

const DATE = 'YYYY-MM-DD';

/** The range the figures count over (days of the account's time zone); clearing it goes back to the last 30 days. */
export function DateRangeFilter({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (range: DateRange | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Typography.Text type="secondary">{t('inflows.range')}</Typography.Text>
      <DatePicker.RangePicker
        value={[dayjs(range.from), dayjs(range.to)]}
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          onChange(from && to ? { from: from.format(DATE), to: to.format(DATE) } : null);
        }}
        style={{ width: 'min(260px, 100%)' }}
        data-testid="inflow-range"
      />
    </Space>
  );
}

/**
 * A count of friends: a plain link names no friend, so its zero is "not measured" (a dash), while
 * friends it attributed before it became plain still count.
 */
export function friendCount(count: number, attribution: InflowAttribution): string {
  return attribution.mode === 'plain' && count === 0 ? '—' : count.toLocaleString();
}

/** The route's figures over the range, as text (the charts draw the same). */
export function StatsFigures({ stats, attribution }: { stats: InflowStats; attribution: InflowAttribution }) {
  const { t, i18n } = useTranslation();
  const friendFigure = (count: number) => friendCount(count, attribution);
  const figures = [
    { key: 'visits', value: stats.visits.toLocaleString() },
    { key: 'friends_added', value: friendFigure(stats.friends_added) },
    { key: 'blocks', value: friendFigure(stats.blocks) },
    { key: 'conversions', value: friendFigure(stats.conversions) },
    { key: 'cost', value: formatYen(stats.cost, i18n.language) },
    { key: 'cost_per_friend', value: formatYen(stats.cost_per_friend, i18n.language) },
    { key: 'cost_per_conversion', value: formatYen(stats.cost_per_conversion, i18n.language) },
  ] as const;
  return (
    <Space size={32} wrap data-testid="inflow-stats">
      {figures.map((figure) => (
        <Statistic
          key={figure.key}
          title={t(`inflows.stats.${figure.key}`)}
          value={figure.value}
          data-testid={`inflow-stat-${figure.key}`}
        />
      ))}
    </Space>
  );
}
