import { friendsApi, marksApi, type FriendDetail, type Permissions, allows } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { ALL_ITEMS_LIMIT } from '../../../app/config.ts';
import { feedback } from '../../../app/feedback.ts';
import { MarkSwatch } from '../../../components/MarkSwatch.tsx';
import '../../../app/i18n/parts/talks.ts';

/**
 * The friend's 対応マーク, one at a time: choosing one takes the previous ones off and puts the new
 * one on; clearing takes them off.
 */
export function MarkSelect({ friend, permissions }: { friend: FriendDetail; permissions: Permissions }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const mayEdit = allows(permissions, { feature: 'marks', level: 'edit' });
  const marks = useQuery(endpointQuery(marksApi.list, { query: { limit: ALL_ITEMS_LIMIT } }));
  const current = friend.marks.map((mark) => mark.id);

  async function change(markId: number | undefined) {
    setSaving(true);
    const friendIds = { friend_ids: [friend.id] };
    try {
      for (const previous of current.filter((id) => id !== markId)) {
        await call(marksApi.removeFriends, { params: { id: previous }, body: friendIds });
      }
      if (markId !== undefined && !current.includes(markId)) {
        await call(marksApi.addFriends, { params: { id: markId }, body: friendIds });
      }
      feedback.notifySuccess(t('talks.markSaved'));
    } catch {
      // The request layer has reported it; the selector shows what the server has after the refetch.
    } finally {
      await invalidateEndpoints(friendsApi.get, friendsApi.list, marksApi.list);
      setSaving(false);
    }
  }

  return (
    <Select<number>
      allowClear
      style={{ minWidth: 160 }}
      aria-label={t('talks.mark')}
      placeholder={t('talks.markPlaceholder')}
      value={current[0]}
      loading={marks.isLoading || saving}
      disabled={!mayEdit || saving}
      onChange={(value) => void change(value)}
      options={(marks.data?.data ?? []).map((mark) => ({
        value: mark.id,
        label: (
          <span>
            <MarkSwatch color={mark.color} />
            {mark.name}
          </span>
        ),
      }))}
      data-testid="talk-mark-select"
    />
  );
}
