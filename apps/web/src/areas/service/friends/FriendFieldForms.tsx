import { EditOutlined, SyncOutlined } from '@ant-design/icons';
import {
  FRIEND_DISPLAY_NAME_MAX,
  FRIEND_NOTES_MAX,
  FRIEND_SCORE_LIMIT,
  friendsApi,
  friendUpdateInput,
  type FriendDetail,
  type FriendUpdateInput,
} from '@linq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFieldErrors } from '../../../app/forms.ts';
import { FormAlert, formLevelMessage } from '../../../components/auth/FormAlert.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import '../../../app/i18n/parts/friends.ts';

/** The friend detail's query (403 and 404 are shown as the page's error state, not as notifications). */
export const friendQuery = (id: number) => endpointQuery(friendsApi.get, { params: { id } }, { handles: [403, 404] });

/** Saves friend fields; the answer replaces the shown friend and the list reloads. */
export function useSaveFriend(friendId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (body: FriendUpdateInput) => {
    const saved = await call(friendsApi.update, { params: { id: friendId }, body });
    queryClient.setQueryData(friendQuery(friendId).queryKey, saved);
    feedback.notifySuccess(t('common.saved'));
    await invalidateEndpoints(friendsApi.list);
    return saved;
  };
}

interface SingleFieldFormProps<K extends keyof FriendUpdateInput> {
  name: K;
  initialValue: FriendUpdateInput[K];
  label?: ReactNode;
  rules?: Rule[];
  onSave: (body: Pick<FriendUpdateInput, K>) => Promise<unknown>;
  children: ReactNode;
  testId: string;
}

/** One friend field with its own save button; 422 messages show on the field. */
function SingleFieldForm<K extends keyof FriendUpdateInput>(props: SingleFieldFormProps<K>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Pick<FriendUpdateInput, K>>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: Pick<FriendUpdateInput, K>) => {
    setSaving(true);
    setFormError(null);
    try {
      await props.onSave(values);
    } catch (error) {
      const unmatched = showFieldErrors(form, error, [props.name]);
      if (unmatched) setFormError(formLevelMessage(error as Error, unmatched));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ [props.name]: props.initialValue }}
      onFinish={(values) => void submit(values)}
      data-testid={`${props.testId}-form`}
    >
      <FormAlert message={formError} />
      <Form.Item name={props.name as string} label={props.label} rules={props.rules}>
        {props.children}
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={`${props.testId}-save`}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

export function NotesForm({ friend }: { friend: FriendDetail }) {
  const { t } = useTranslation();
  const save = useSaveFriend(friend.id);
  return (
    <SingleFieldForm
      name="notes"
      initialValue={friend.notes ?? ''}
      rules={[schemaRule(friendUpdateInput.shape.notes)]}
      onSave={({ notes }) => save({ notes: notes ?? '' })}
      testId="notes"
    >
      <Input.TextArea
        rows={4}
        maxLength={FRIEND_NOTES_MAX}
        showCount
        placeholder={t('friends.notesPlaceholder')}
        aria-label={t('friends.notes')}
        data-testid="notes-input"
      />
    </SingleFieldForm>
  );
}

export function ScoreForm({ friend }: { friend: FriendDetail }) {
  const { t } = useTranslation();
  const save = useSaveFriend(friend.id);
  return (
    <SingleFieldForm
      name="score"
      initialValue={friend.score}
      label={t('friends.score')}
      rules={[{ required: true, message: t('friends.scoreRequired') }, schemaRule(friendUpdateInput.shape.score)]}
      onSave={({ score }) => save({ score })}
      testId="score"
    >
      <InputNumber
        min={-FRIEND_SCORE_LIMIT}
        max={FRIEND_SCORE_LIMIT}
        precision={0}
        style={{ width: 'min(200px, 100%)' }}
        data-testid="score-input"
      />
    </SingleFieldForm>
  );
}

/** Edits the display-name override; saving it empty shows LINE's name again. */
/**
 * Reads the friend's LINE profile again now (it is read when they add the channel, and at most daily
 * when they write): a new name or picture shows at once. LINE's refusal (blocked) is explained.
 */
export function RefreshProfileButton({ friend }: { friend: FriendDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      const refreshed = await call(friendsApi.refreshProfile, { params: { id: friend.id } }, { handles: [409] });
      queryClient.setQueryData(friendQuery(friend.id).queryKey, refreshed);
      feedback.notifySuccess(t('friends.profileRefreshed'));
      await invalidateEndpoints(friendsApi.list);
    } catch (error) {
      if (isApiError(error, 409)) feedback.notifyError(t('friends.profileRefreshFailed'), error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      icon={<SyncOutlined />}
      loading={busy}
      onClick={() => void refresh()}
      aria-label={t('friends.refreshProfile')}
      title={t('friends.refreshProfile')}
      data-testid="refresh-profile"
    />
  );
}

export function DisplayNameButton({ friend }: { friend: FriendDetail }) {
  const { t } = useTranslation();
  const save = useSaveFriend(friend.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('friends.editDisplayName')}
        data-testid="display-name-edit"
      />
      {open && (
        <FormModal<Pick<FriendUpdateInput, 'display_name'>>
          title={t('friends.editDisplayName')}
          initialValues={{ display_name: friend.display_name_override ?? '' }}
          fieldNames={['display_name']}
          onSubmit={({ display_name }) => save({ display_name: display_name ?? '' })}
          onClose={() => setOpen(false)}
          okTestId="display-name-save"
        >
          <Typography.Paragraph type="secondary">
            {t('friends.lineName', { name: friend.line_display_name })}
          </Typography.Paragraph>
          <Form.Item
            name="display_name"
            label={t('friends.displayName')}
            extra={t('friends.displayNameHint')}
            rules={[schemaRule(friendUpdateInput.shape.display_name)]}
          >
            <Input
              maxLength={FRIEND_DISPLAY_NAME_MAX}
              allowClear
              placeholder={friend.line_display_name}
              data-testid="display-name-input"
            />
          </Form.Item>
        </FormModal>
      )}
    </>
  );
}
