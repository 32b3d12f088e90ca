import { allows, type Permissions } from '@linq/contract';
import { EditOutlined } from '@ant-design/icons';
import { Button, Modal, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChannelNameForm } from '../../components/ChannelNameForm.tsx';
import { channelSwitchTarget } from '../channels/channel-address.ts';
import { useChannels } from '../channels/channels.ts';
import { useNavigate } from '../navigation.tsx';

/**
 * The service area's channel (line account) selector, with a rename action for users who may edit.
 * Choosing a channel moves this tab's address to it (so Back returns to the previous one); other tabs
 * stay where they are.
 */
export function ChannelSelector({ permissions }: { permissions: Permissions }) {
  const { t } = useTranslation();
  const { lineAccounts, selected, status } = useChannels();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const mayRename = allows(permissions, { feature: 'dashboard', level: 'edit' });

  const choose = (lineAccountId: number) => {
    if (lineAccountId !== selected?.id) void navigate(channelSwitchTarget(pathname, lineAccountId));
  };

  return (
    <Space.Compact>
      <Select
        aria-label={t('header.channel')}
        data-testid="channel-selector"
        style={{ width: 'min(220px, 40vw)' }}
        loading={status === 'loading'}
        value={selected?.id}
        placeholder={status === 'ready' && lineAccounts.length === 0 ? t('header.noChannels') : t('header.channel')}
        options={lineAccounts.map((lineAccount) => ({ value: lineAccount.id, label: lineAccount.name }))}
        optionRender={(option) => <span data-testid={`channel-option-${option.value}`}>{option.label}</span>}
        onChange={choose}
      />
      {mayRename && selected && (
        <Tooltip title={t('header.renameChannel')}>
          <Button
            icon={<EditOutlined />}
            aria-label={t('header.renameChannel')}
            onClick={() => setRenaming(true)}
            data-testid="channel-rename"
          />
        </Tooltip>
      )}
      {selected && (
        <Modal
          title={t('header.renameChannel')}
          open={renaming}
          footer={null}
          destroyOnHidden
          onCancel={() => setRenaming(false)}
        >
          <ChannelNameForm lineAccount={selected} onDone={() => setRenaming(false)} />
        </Modal>
      )}
    </Space.Compact>
  );
}
