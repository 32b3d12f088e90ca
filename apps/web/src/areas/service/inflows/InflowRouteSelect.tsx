import { inflowsApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { endpointQuery } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';

/** The API's largest page: a channel's routes for a picker. */
const ALL_ROUTES = 100;

/** Picks several of the channel's inflow routes, searching by name. */
export function InflowRouteSelect(props: {
  value: number[];
  onChange: (ids: number[]) => void;
  placeholder: string;
  testId: string;
  style?: CSSProperties;
}) {
  const channel = useSelectedChannelId();
  const routes = useQuery({
    ...endpointQuery(inflowsApi.list, { query: { page: 1, limit: ALL_ROUTES, sort: 'name', order: 'asc' } }),
    enabled: channel !== null,
  });
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      loading={routes.isFetching}
      options={(routes.data?.data ?? []).map((route) => ({ value: route.id, label: route.name }))}
      style={{ minWidth: 180, ...props.style }}
      data-testid={props.testId}
    />
  );
}
