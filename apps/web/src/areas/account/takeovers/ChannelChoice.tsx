import { lineAccountsApi, type LineAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { endpointQuery } from '../../../app/api/queries.ts';

interface ChannelChoiceProps {
  value: number | undefined;
  onChange(id: number): void;
  placeholder: string;
  testId: string;
}

/** The account's channels, for a takeover panel to act on. */
export function useAccountChannels(): { channels: LineAccount[]; loading: boolean } {
  const query = useQuery(endpointQuery(lineAccountsApi.list, {}));
  return { channels: query.data?.data ?? [], loading: query.isPending };
}

export function ChannelChoice({ value, onChange, placeholder, testId }: ChannelChoiceProps) {
  const { channels, loading } = useAccountChannels();
  return (
    <Select
      value={value}
      onChange={onChange}
      loading={loading}
      placeholder={placeholder}
      options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
      style={{ minWidth: 240 }}
      data-testid={testId}
    />
  );
}
