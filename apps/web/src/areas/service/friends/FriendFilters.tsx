import { ClearOutlined } from '@ant-design/icons';
import { FRIEND_INFLOW_MATCHES, TAG_MATCHES } from '@linq/contract';
import { Button, DatePicker, Flex, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ListParts.tsx';
import { InflowRouteSelect } from '../inflows/InflowRouteSelect.tsx';
import {
  CLEARED_FILTERS,
  FRIEND_STATUSES,
  hasActiveFilters,
  type FriendFilters as Filters,
  type FriendListChanges,
} from './friend-filters.ts';
import type { FriendAbilities } from './friend-format.ts';
import { LabelMultiSelect } from './friend-parts.tsx';
import '../../../app/i18n/parts/friends.ts';
import '../../../app/i18n/parts/inflows.ts';

const DATE = 'YYYY-MM-DD';

interface FriendFiltersProps {
  filters: Filters;
  abilities: FriendAbilities;
  onChange: (changes: FriendListChanges) => void;
}

/** The friend list's filters: name, tags (any/all/none), marks, followed date range, status and inflow routes. */
export function FriendFilters({ filters, onChange, abilities }: FriendFiltersProps) {
  const { t } = useTranslation();
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [
    filters.followed_from ? dayjs(filters.followed_from) : null,
    filters.followed_to ? dayjs(filters.followed_to) : null,
  ];
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }} data-testid="friend-filters">
      <ListSearch
        value={filters.name}
        placeholder={t('friends.searchPlaceholder')}
        onSearch={(name) => onChange({ name })}
      />
      {abilities.viewTags && (
        <Space.Compact style={{ maxWidth: '100%' }}>
          <LabelMultiSelect
            kind="tag"
            placeholder={t('friends.tagFilter')}
            value={filters.tag_ids}
            onChange={(tag_ids) => onChange({ tag_ids })}
            testId="filter-tags"
            style={{ width: 'min(240px, 60vw)' }}
          />
          <Select
            aria-label={t('friends.tagMatchLabel')}
            value={filters.tag_match}
            onChange={(tag_match) => onChange({ tag_match })}
            options={TAG_MATCHES.map((match) => ({ value: match, label: t(`friends.tagMatch.${match}`) }))}
            popupMatchSelectWidth={false}
            style={{ width: 'min(150px, 35vw)' }}
            data-testid="filter-tag-match"
          />
        </Space.Compact>
      )}
      {abilities.viewMarks && (
        <LabelMultiSelect
          kind="mark"
          placeholder={t('friends.markFilter')}
          value={filters.mark_ids}
          onChange={(mark_ids) => onChange({ mark_ids })}
          testId="filter-marks"
          style={{ width: 'min(240px, 100%)' }}
        />
      )}
      <DatePicker.RangePicker
        value={range}
        allowEmpty={[true, true]}
        placeholder={[t('friends.followedFrom'), t('friends.followedTo')]}
        onChange={(dates) =>
          onChange({ followed_from: dates?.[0]?.format(DATE), followed_to: dates?.[1]?.format(DATE) })
        }
        // Wide enough for both placeholders in full.
        style={{ width: 'min(300px, 100%)' }}
        data-testid="filter-followed"
      />
      <Select
        aria-label={t('friends.status')}
        value={filters.status ?? ''}
        onChange={(status) => onChange({ status: status || undefined })}
        options={[
          { value: '', label: t('friends.allStatuses') },
          ...FRIEND_STATUSES.map((status) => ({ value: status, label: t(`friends.statuses.${status}`) })),
        ]}
        style={{ width: 140 }}
        data-testid="filter-status"
      />
      {abilities.viewInflows && (
        <Space.Compact style={{ maxWidth: '100%' }}>
          <Select
            aria-label={t('inflows.filter.matchLabel')}
            value={filters.inflow_match}
            onChange={(inflow_match) => onChange({ inflow_match })}
            options={FRIEND_INFLOW_MATCHES.map((match) => ({
              value: match,
              label: t(`inflows.filter.match.${match}`),
            }))}
            popupMatchSelectWidth={false}
            style={{ width: 'min(150px, 35vw)' }}
            data-testid="filter-inflow-match"
          />
          <InflowRouteSelect
            placeholder={t('inflows.filter.placeholder')}
            value={filters.inflow_route_ids}
            onChange={(inflow_route_ids) => onChange({ inflow_route_ids })}
            testId="filter-inflows"
            style={{ width: 'min(240px, 60vw)' }}
          />
        </Space.Compact>
      )}
      {hasActiveFilters(filters) && (
        <Button icon={<ClearOutlined />} onClick={() => onChange(CLEARED_FILTERS)} data-testid="filter-clear">
          {t('friends.clearFilters')}
        </Button>
      )}
    </Flex>
  );
}
