import { changePasswordBody, passwordsApi } from '@linq/contract';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../app/api/queries.ts';
import { schemaRule, showFieldErrors } from '../../../app/forms.ts';
import { FormAlert, formLevelMessage } from '../../../components/auth/FormAlert.tsx';
import { NewPasswordFields } from '../../../components/auth/password-fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';

interface ChangeValues {
  current_password: string;
  new_password: string;
  password_confirmation: string;
}

const FIELDS = ['current_password', 'new_password'];

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangeValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const change = useEndpointMutation(passwordsApi.agency.change, { handles: 'http' });

  const submit = ({ current_password, new_password }: ChangeValues) => {
    setFormError(null);
    change.mutate(
      { body: { current_password, new_password } },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => setFormError(formLevelMessage(error, showFieldErrors(form, error, FIELDS))),
      },
    );
  };

  return (
    <>
      <PageHeader />
      <Card style={{ maxWidth: 520 }}>
        {change.isSuccess && (
          <Alert
            type="success"
            showIcon
            title={change.data.data.message}
            style={{ marginBottom: 16 }}
            data-testid="change-success"
          />
        )}
        <FormAlert message={formError} />
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="current_password"
            label={t('auth.currentPassword')}
            rules={[schemaRule(changePasswordBody.shape.current_password)]}
          >
            <Input.Password autoComplete="current-password" data-testid="field-current_password" />
          </Form.Item>
          <NewPasswordFields name="new_password" />
          <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="form-submit">
            {t('auth.changeSubmit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
