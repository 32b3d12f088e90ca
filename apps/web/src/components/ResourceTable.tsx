import type { Pagination } from '@linq/contract';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Table } from 'antd';
import type { ColumnsType, TableRowSelection } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../app/api/errors.ts';
import type { ListParamChanges, ListParams } from '../app/list-params.ts';
import { SPINNER_DELAY_MS } from '../app/config.ts';
import { useListPagination } from './ListParts.tsx';
import { testId } from './test-id.ts';
import { useListParams } from './useListParams.ts';

/** A list endpoint's answer (API conventions: data, total_item_count, pagination). */
export interface ListAnswer<Row> {
  data: Row[];
  total_item_count: number;
  pagination: Pagination;
}

type ListQueryOptions<Row> = UseQueryOptions<ListAnswer<Row>, ApiError, ListAnswer<Row>, readonly unknown[]>;

/** What the table reads of a list query. */
interface ListQuery<Row> {
  data: ListAnswer<Row> | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list screen's page, page size and filters in the address, and the page of rows they ask for
 * (the previous page stays on screen while the next one loads).
 */
export function useResourceList<F extends string, Row>(
  filterNames: readonly F[],
  queryOf: (params: ListParams<F>) => ListQueryOptions<Row>,
) {
  const params = useListParams(filterNames);
  const list = useQuery({ ...queryOf(params), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return {
    ...params,
    list,
    /** Whether a search or filter narrows the list (an empty list then says "no match"). */
    filtered: Object.values<string | undefined>(params.filters).some(Boolean),
    /** After a row is deleted: the last row of a later page is gone, so show the page before it. */
    afterRemove: () => {
      // The page is a list parameter whatever the filters are; TypeScript cannot see that through F.
      if (rows.length === 1 && params.page > 1) params.update({ page: params.page - 1 } as ListParamChanges<F>);
    },
  };
}

interface ResourceTableProps<Row extends { id: number }> {
  /** The page in the address (useListParams or useResourceList). */
  params: { page: number; limit: number; update: (changes: { page?: number; limit?: number }) => void };
  list: ListQuery<Row>;
  columns: ColumnsType<Row>;
  /** The search box and filters above the table. */
  toolbar?: ReactNode;
  rowTestId: (row: Row) => string;
  emptyText: string;
  rowSelection?: TableRowSelection<Row>;
  testId: string;
  emptyTestId?: string;
  failedTestId?: string;
}

/**
 * A paged table of records in a card: the toolbar, a spinner while a page loads, the empty state,
 * and a retry when the list could not be read at all.
 */
export function ResourceTable<Row extends { id: number }>(props: ResourceTableProps<Row>) {
  const { t } = useTranslation();
  const { params, list } = props;
  const pagination = useListPagination({ ...params, total: list.data?.total_item_count ?? 0 });
  return (
    <Card>
      {props.toolbar && (
        <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
          {props.toolbar}
        </Flex>
      )}
      {list.isError && !list.data ? (
        <Result
          status="error"
          title={t('common.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          data-testid={props.failedTestId ?? 'load-failed'}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          columns={props.columns}
          dataSource={list.data?.data ?? []}
          loading={{ spinning: list.isFetching, delay: SPINNER_DELAY_MS }}
          onRow={(row) => testId(props.rowTestId(row))}
          rowSelection={props.rowSelection}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty description={props.emptyText} data-testid={props.emptyTestId ?? 'empty-state'} />,
          }}
          pagination={pagination}
          data-testid={props.testId}
        />
      )}
    </Card>
  );
}
