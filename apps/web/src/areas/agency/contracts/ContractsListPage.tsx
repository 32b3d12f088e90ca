import { DownloadOutlined } from '@ant-design/icons';
import {
  agencyAccountsApi,
  agencyContractsApi,
  CONTRACT_STATUSES,
  type Contract,
  type ContractStatus,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, saveBlob } from '../../../app/api/download.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { CreateButton, ListSearch } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useSeesFees } from './fees.ts';
import { ContractStatusTag } from './StatusTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agency-contracts.ts';

const FILTERS = ['q', 'status', 'account_id', 'oem_plan_id'] as const;

const parseStatus = (value: string | undefined): ContractStatus | undefined =>
  CONTRACT_STATUSES.find((status) => status === value);

interface Filter {
  q?: string;
  status?: ContractStatus;
  account_id?: number;
  oem_plan_id?: number;
}

function ExportButton({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await download(agencyContractsApi.exportCsv, { query: filter }, { handles: 'http' });
      saveBlob(blob, filename ?? 'contracts.csv');
    } catch (error) {
      if (!isApiError(error) || !error.isNetworkError) {
        feedback.notifyError(t('agencyContracts.exportFailed'), error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="export-csv">
      {t('agencyContracts.exportCsv')}
    </Button>
  );
}

export default function ContractsListPage() {
  const { t } = useTranslation();
  const seesFees = useSeesFees();
  const contracts = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(agencyContractsApi.list, {
      query: {
        page,
        limit,
        q: filters.q,
        status: parseStatus(filters.status),
        account_id: recordId(filters.account_id),
        oem_plan_id: recordId(filters.oem_plan_id),
      },
    }),
  );
  const { filters, update } = contracts;
  const accounts = useQuery(endpointQuery(agencyAccountsApi.options, {}));
  const plans = useQuery(endpointQuery(agencyAccountsApi.plans, {}));
  const filter: Filter = {
    q: filters.q,
    status: parseStatus(filters.status),
    account_id: recordId(filters.account_id),
    oem_plan_id: recordId(filters.oem_plan_id),
  };

  const columns: ColumnsType<Contract> = [
    {
      title: t('agencyContracts.account'),
      key: 'account',
      render: (_, contract) => (
        <Link to={`${LIST_PATH}/${contract.id}`} data-testid={`contract-link-${contract.id}`}>
          {contract.account.name}
        </Link>
      ),
    },
    { title: t('agencyContracts.plan'), key: 'plan', responsive: ['sm'], render: (_, contract) => contract.plan.name },
    {
      title: t('agencyContracts.period'),
      key: 'period',
      responsive: ['md'],
      render: (_, contract) => `${contract.start_date} 〜 ${contract.end_date}`,
    },
    ...(seesFees
      ? [
          {
            title: t('agencyContracts.monthlyFee'),
            key: 'fee',
            responsive: ['lg' as const],
            render: (_: unknown, contract: Contract) =>
              contract.monthly_fee_yen === undefined
                ? '-'
                : t('agencyContracts.yen', { amount: contract.monthly_fee_yen.toLocaleString() }),
          },
        ]
      : []),
    {
      title: t('agencyContracts.status'),
      key: 'status',
      render: (_, contract) => <ContractStatusTag status={contract.status} testId={`contract-status-${contract.id}`} />,
    },
  ];

  return (
    <>
      <PageHeader
        extra={
          <Space>
            <ExportButton filter={filter} />
            <CreateButton to={`${LIST_PATH}/create`} />
          </Space>
        }
      />
      <ResourceTable<Contract>
        params={contracts}
        list={contracts.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('agencyContracts.searchPlaceholder')}
              onSearch={(q) => update({ q })}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={recordId(filters.account_id)}
              placeholder={t('agencyContracts.account')}
              onChange={(id?: number) => update({ account_id: id })}
              options={accounts.data?.data.map((account) => ({ value: account.id, label: account.name }))}
              style={{ width: 200 }}
              data-testid="filter-account"
            />
            <Select
              allowClear
              value={recordId(filters.oem_plan_id)}
              placeholder={t('agencyContracts.plan')}
              onChange={(id?: number) => update({ oem_plan_id: id })}
              options={plans.data?.data.map((plan) => ({ value: plan.id, label: plan.name }))}
              style={{ width: 160 }}
              data-testid="filter-plan"
            />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('agencyContracts.status')}
              onChange={(status?: string) => update({ status })}
              options={CONTRACT_STATUSES.map((status) => ({
                value: status,
                label: t(`agencyContracts.statuses.${status}`),
              }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(contract) => `contract-row-${contract.id}`}
        emptyText={contracts.filtered ? t('agencyContracts.noMatch') : t('agencyContracts.empty')}
        testId="contracts-table"
      />
    </>
  );
}
