import { friendsApi, templatesApi, type TemplateListItem } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api/call.ts';
import { isApiError } from '../../app/api/errors.ts';
import { endpointQuery } from '../../app/api/queries.ts';
import { feedback } from '../../app/feedback.ts';
import '../../app/i18n/parts/templates.ts';

/** How many matching friends the picker offers at a time (type more of the name to narrow). */
const FRIEND_OPTIONS = 20;
/** Refusals the dialog shows itself (no such friend, blocked, not allowed); the request layer reports the rest. */
const SEND_REFUSALS = [403, 404, 409, 422];

interface SendTestModalProps {
  template: TemplateListItem;
  onClose: () => void;
}

/** Sends one template to one following friend, chosen by a name search over the channel's friends. */
export function SendTestModal({ template, onClose }: SendTestModalProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The name is kept with the id: a later search may no longer list the chosen friend.
  const [friend, setFriend] = useState<{ id: number; name: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const query = {
    name: search.trim() || undefined,
    status: 'following' as const,
    sort: 'display_name' as const,
    order: 'asc' as const,
    limit: FRIEND_OPTIONS,
  };
  const friends = useQuery({
    ...endpointQuery(friendsApi.list, { query }, { handles: [403] }),
    placeholderData: keepPreviousData,
  });
  const rows = friends.data?.data ?? [];

  const send = async () => {
    if (friend === null) return;
    setProblem(null);
    setSending(true);
    try {
      await call(
        templatesApi.sendTest,
        { params: { id: template.id }, body: { friend_id: friend.id } },
        { handles: SEND_REFUSALS },
      );
      feedback.notifySuccess(t('templates.sendTestSent', { name: friend.name }));
      onClose();
    } catch (error) {
      const reason =
        isApiError(error) && SEND_REFUSALS.includes(error.status)
          ? (Object.values(error.fieldErrors ?? {})[0]?.description ?? error.message)
          : null;
      setProblem(reason ?? t('templates.sendTestFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('templates.sendTestTitle', { name: template.name })}
      okText={t('templates.sendTestSubmit')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      okButtonProps={{ disabled: friend === null, 'data-testid': 'send-test-submit' }}
      cancelButtonProps={{ 'data-testid': 'send-test-cancel' }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="send-test-modal">
        <Typography.Text type="secondary">{t('templates.sendTestHint')}</Typography.Text>
        {isApiError(friends.error, 403) ? (
          <Alert type="warning" showIcon title={t('templates.friendsForbidden')} />
        ) : (
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setSearch }}
            value={friend?.id}
            onChange={(id) => setFriend({ id, name: rows.find((row) => row.id === id)?.display_name ?? '' })}
            placeholder={t('templates.sendTestSearch')}
            aria-label={t('templates.sendTestFriend')}
            loading={friends.isFetching}
            notFoundContent={friends.isFetching ? null : t('templates.noFriends')}
            options={rows.map((row) => ({ value: row.id, label: row.display_name }))}
            optionRender={(option) => <span data-testid={`send-test-friend-${option.value}`}>{option.label}</span>}
            style={{ width: '100%' }}
            data-testid="send-test-friend"
          />
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="send-test-problem" />}
      </Flex>
    </Modal>
  );
}
