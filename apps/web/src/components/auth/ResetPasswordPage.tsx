import { passwordsApi } from '@linq/contract';
import { Button, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../app/navigation.tsx';
import { useEndpointMutation } from '../../app/api/queries.ts';
import { loginPath } from '../../app/areas.ts';
import { showFieldErrors } from '../../app/forms.ts';
import { FormAlert, formLevelMessage } from './FormAlert.tsx';
import { NewPasswordFields } from './password-fields.tsx';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/** Areas with a forgot-password screen; the others' users are only invited (a set-password link). */
const hasForgotScreen = (role: ResetRole) => role === 'service' || role === 'agency';
type ResetRole = keyof typeof passwordsApi;

/** Sets a new password with the single-use token from the e-mailed link (a reset or an invitation). */
export function ResetPasswordPage({ role, token }: { role: ResetRole; token: string | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useEndpointMutation(passwordsApi[role].reset, { handles: 'http' });

  if (!token) {
    return (
      <Result
        status="error"
        title={<span data-testid="reset-invalid">{t('auth.invalidResetLink')}</span>}
        extra={hasForgotScreen(role) && <Link to={`/${role}/forgot-password`}>{t('auth.forgotPassword')}</Link>}
      />
    );
  }
  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title={<span data-testid="reset-success">{reset.data.data.message}</span>}
        extra={
          <Link to={loginPath(role)}>
            <Button type="primary">{t('auth.toLogin')}</Button>
          </Link>
        }
      />
    );
  }

  const submit = ({ password }: ResetValues) => {
    setFormError(null);
    reset.mutate(
      { body: { token, password } },
      { onError: (error) => setFormError(formLevelMessage(error, showFieldErrors(form, error, ['password']))) },
    );
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="page-title">
        {t('titles.resetPassword')}
      </Typography.Title>
      <FormAlert message={formError} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <NewPasswordFields name="password" />
        <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="form-submit">
          {t('auth.resetSubmit')}
        </Button>
      </Form>
    </>
  );
}
