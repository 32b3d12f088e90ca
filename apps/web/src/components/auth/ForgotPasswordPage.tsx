import { MailOutlined } from '@ant-design/icons';
import { forgotPasswordBody, passwordsApi } from '@linq/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../app/navigation.tsx';
import { useEndpointMutation } from '../../app/api/queries.ts';
import { loginPath } from '../../app/areas.ts';
import { schemaRule, showFieldErrors } from '../../app/forms.ts';
import { FormAlert, formLevelMessage } from './FormAlert.tsx';

/** Asks for a reset link; the server answers the same for known and unknown addresses. */
export function ForgotPasswordPage({ role }: { role: 'service' | 'agency' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const [formError, setFormError] = useState<string | null>(null);
  const forgot = useEndpointMutation(passwordsApi[role].forgot, { handles: 'http' });

  if (forgot.isSuccess) {
    return (
      <Result
        status="success"
        title={<span data-testid="forgot-success">{forgot.data.data.message}</span>}
        extra={<Link to={loginPath(role)}>{t('auth.toLogin')}</Link>}
      />
    );
  }

  const submit = (body: { email: string }) => {
    setFormError(null);
    forgot.mutate(
      { body },
      { onError: (error) => setFormError(formLevelMessage(error, showFieldErrors(form, error, ['email']))) },
    );
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="page-title">
        {t('titles.forgotPassword')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.forgotHint')}</Typography.Paragraph>
      <FormAlert message={formError} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="email" label={t('auth.email')} rules={[schemaRule(forgotPasswordBody.shape.email)]}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus data-testid="field-email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forgot.isPending} data-testid="form-submit">
          {t('auth.sendResetLink')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Link to={loginPath(role)}>{t('auth.toLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}
