import { SettingOutlined } from '@ant-design/icons';
import {
  DETECTOR_KINDS,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type Incident,
  type IncidentSeverity,
  type IncidentStatus,
} from '@linq/contract';
import { Button, DatePicker, Flex, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTimeIn } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { useAccountTimeZone } from '../plans/useAccountTimeZone.ts';
import { detectorKey } from './describe.ts';
import { ThresholdsDrawer } from './ThresholdsDrawer.tsx';
import { incidentPath, useIncidentList } from './useIncidents.ts';
import '../../../app/i18n/parts/abnormal-detection.ts';

const FILTERS = ['status', 'severity', 'detector', 'from', 'to'] as const;
const DATE = 'YYYY-MM-DD';
const isDay = (value: string | undefined) => (value && dayjs(value, DATE, true).isValid() ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.find((candidate) => candidate === value);

export const SEVERITY_COLORS: Record<IncidentSeverity, string> = { info: 'blue', warning: 'orange', critical: 'red' };
export const STATUS_COLORS: Record<IncidentStatus, string> = { open: 'red', acknowledged: 'gold', resolved: 'green' };

export function SeverityTag({ severity }: { severity: IncidentSeverity }) {
  const { t } = useTranslation();
  return <Tag color={SEVERITY_COLORS[severity]}>{t(`abnormalDetection.severities.${severity}`)}</Tag>;
}

export function StatusTag({ status }: { status: IncidentStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`abnormalDetection.statuses.${status}`)}</Tag>;
}

/**
 * /service/abnormal-detection: the channel's incidents, newest seen first, filtered by status,
 * severity, detector and period (in the address), with the detectors' settings in a drawer.
 */
export default function IncidentsPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const status = oneOf(INCIDENT_STATUSES, filters.status);
  const severity = oneOf(INCIDENT_SEVERITIES, filters.severity);
  const detector = oneOf(DETECTOR_KINDS, filters.detector);
  const from = isDay(filters.from);
  const to = isDay(filters.to);
  const list = useIncidentList({
    page,
    limit,
    status,
    severity,
    detector,
    from: from ? dayjs(from).startOf('day').toISOString() : undefined,
    to: to ? dayjs(to).add(1, 'day').startOf('day').toISOString() : undefined,
  });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const filtered = Boolean(status ?? severity ?? detector ?? from ?? to);

  const columns: ColumnsType<Incident> = [
    {
      title: t('abnormalDetection.detector'),
      key: 'detector',
      render: (_, incident) => (
        <Link to={incidentPath(incident.id)} data-testid={`incident-link-${incident.id}`}>
          {t(`abnormalDetection.detectors.${detectorKey(incident.detector)}`)}
        </Link>
      ),
    },
    {
      title: t('abnormalDetection.severity'),
      key: 'severity',
      render: (_, incident) => <SeverityTag severity={incident.severity} />,
    },
    {
      title: t('abnormalDetection.status'),
      key: 'status',
      render: (_, incident) => (
        <span data-testid={`incident-status-${incident.id}`}>
          <StatusTag status={incident.status} />
        </span>
      ),
    },
    {
      title: t('abnormalDetection.firstSeen'),
      key: 'first_seen_at',
      responsive: ['md'],
      render: (_, incident) => formatDateTimeIn(incident.first_seen_at, timeZone),
    },
    {
      title: t('abnormalDetection.lastSeen'),
      key: 'last_seen_at',
      render: (_, incident) => formatDateTimeIn(incident.last_seen_at, timeZone),
    },
  ];

  return (
    <>
      <PageHeader
        extra={
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="detection-settings-open">
            {t('abnormalDetection.settings')}
          </Button>
        }
      />
      <ResourceTable<Incident>
        params={{ page, limit, update }}
        list={list}
        columns={columns}
        toolbar={
          <Flex gap={8} wrap>
            <Select
              aria-label={t('abnormalDetection.status')}
              value={status ?? ''}
              onChange={(value) => update({ status: value || undefined })}
              options={[
                { value: '', label: t('abnormalDetection.allStatuses') },
                ...INCIDENT_STATUSES.map((value) => ({ value, label: t(`abnormalDetection.statuses.${value}`) })),
              ]}
              style={{ width: 150 }}
              data-testid="filter-status"
            />
            <Select
              aria-label={t('abnormalDetection.severity')}
              value={severity ?? ''}
              onChange={(value) => update({ severity: value || undefined })}
              options={[
                { value: '', label: t('abnormalDetection.allSeverities') },
                ...INCIDENT_SEVERITIES.map((value) => ({ value, label: t(`abnormalDetection.severities.${value}`) })),
              ]}
              style={{ width: 150 }}
              data-testid="filter-severity"
            />
            <Select
              aria-label={t('abnormalDetection.detector')}
              value={detector ?? ''}
              onChange={(value) => update({ detector: value || undefined })}
              options={[
                { value: '', label: t('abnormalDetection.allDetectors') },
                ...DETECTOR_KINDS.map((value) => ({ value, label: t(`abnormalDetection.detectors.${value}`) })),
              ]}
              style={{ width: 'min(240px, 100%)' }}
              data-testid="filter-detector"
            />
            <DatePicker.RangePicker
              aria-label={t('abnormalDetection.period')}
              value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
              allowEmpty={[true, true]}
              onChange={(dates) => update({ from: dates?.[0]?.format(DATE), to: dates?.[1]?.format(DATE) })}
              style={{ width: 'min(280px, 100%)' }}
              data-testid="filter-period"
            />
          </Flex>
        }
        rowTestId={(incident) => `incident-row-${incident.id}`}
        emptyText={filtered ? t('abnormalDetection.noMatch') : t('abnormalDetection.empty')}
        emptyTestId="incidents-empty"
        failedTestId="incidents-load-failed"
        testId="incidents-table"
      />
      {settingsOpen && <ThresholdsDrawer onClose={() => setSettingsOpen(false)} />}
    </>
  );
}
