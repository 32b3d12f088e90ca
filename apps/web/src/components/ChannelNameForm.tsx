import { lineAccountUpdate, type LineAccount } from '@linq/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renameChannel } from '../app/channels/channels.ts';
import { feedback } from '../app/feedback.ts';
import { schemaRule, showFieldErrors } from '../app/forms.ts';

interface ChannelNameFormProps {
  lineAccount: LineAccount;
  onDone: () => void;
}

/** Renames a channel through the shared channel cache, so the selector and lists follow. */
export function ChannelNameForm({ lineAccount, onDone }: ChannelNameFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: (name: string) => renameChannel(lineAccount.id, name) });

  const submit = ({ name }: { name: string }) => {
    setFormError(null);
    mutation.mutate(name, {
      onSuccess: () => {
        feedback.notifySuccess(t('channels.renamed'));
        onDone();
      },
      onError: (error) => {
        const others = showFieldErrors(form, error, ['name']);
        if (others?.length) setFormError(others.join(' '));
      },
    });
  };

  return (
    <Form form={form} initialValues={{ name: lineAccount.name }} onFinish={submit} data-testid="channel-name-form">
      {formError && <Alert type="error" title={formError} showIcon style={{ marginBottom: 8 }} />}
      <Space.Compact block>
        <Form.Item name="name" rules={[schemaRule(lineAccountUpdate.shape.name)]} style={{ flex: 1, marginBottom: 0 }}>
          <Input aria-label={t('channels.name')} maxLength={100} autoFocus data-testid="channel-name-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="channel-rename-save">
          {t('common.save')}
        </Button>
        <Button onClick={onDone} data-testid="channel-rename-cancel">
          {t('common.cancel')}
        </Button>
      </Space.Compact>
    </Form>
  );
}
