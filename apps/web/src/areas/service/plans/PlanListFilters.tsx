import { PLAN_TYPES, type PlanType } from '@linq/contract';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ListParts.tsx';
import '../../../app/i18n/parts/plans.ts';

/** The list filters plans are found by (the plans list and plan analysis): name, type, active or not. */
export const PLAN_LIST_FILTERS = ['q', 'plan_type', 'is_active'] as const;
type PlanListFilter = (typeof PLAN_LIST_FILTERS)[number];

export const planTypeOf = (value: string | undefined): PlanType | undefined =>
  PLAN_TYPES.find((type) => type === value);
export const activeFilterOf = (value: string | undefined) =>
  value === 'true' || value === 'false' ? value : undefined;

/** The toolbar of a plan list: search, type and state, written to the address by `update`. */
export function PlanListFilters({
  filters,
  update,
}: {
  filters: Partial<Record<PlanListFilter, string>>;
  update: (changes: Partial<Record<PlanListFilter, string | undefined>>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <ListSearch value={filters.q} placeholder={t('plans.searchPlaceholder')} onSearch={(q) => update({ q })} />
      <Select<PlanType | ''>
        value={planTypeOf(filters.plan_type) ?? ''}
        onChange={(value) => update({ plan_type: value || undefined })}
        style={{ width: 160 }}
        options={[
          { value: '', label: t('plans.allTypes') },
          ...PLAN_TYPES.map((type) => ({ value: type, label: t(`plans.types.${type}`) })),
        ]}
        aria-label={t('plans.type')}
        data-testid="filter-plan-type"
      />
      <Select<'' | 'true' | 'false'>
        value={activeFilterOf(filters.is_active) ?? ''}
        onChange={(value) => update({ is_active: value || undefined })}
        style={{ width: 140 }}
        options={[
          { value: '', label: t('plans.allStates') },
          { value: 'true', label: t('plans.active') },
          { value: 'false', label: t('plans.inactive') },
        ]}
        aria-label={t('plans.state')}
        data-testid="filter-plan-active"
      />
    </Space>
  );
}
