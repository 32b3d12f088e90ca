import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { loginBody, type Role } from '@linq/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link, useNavigate } from '../../app/navigation.tsx';
import { laidOf, searchWithLaid } from '../../app/channels/channel-address.ts';
import { homePath } from '../../app/areas.ts';
import { schemaRule, showFieldErrors } from '../../app/forms.ts';
import { logIn } from '../../app/session.ts';
import { FormAlert, formLevelMessage } from './FormAlert.tsx';

interface Credentials {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'];
const RECOVERY_PATHS: Partial<Record<Role, string>> = {
  service: '/service/forgot-password',
  agency: '/agency/forgot-password',
};

/** The login screen of one area; the server's messages (wrong password, throttling) show above the form. */
export function LoginPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A link into one channel (the account home's "open the console") names it: the login keeps it.
  const laid = Number(laidOf(useLocation().search));
  const home = Number.isInteger(laid) && laid > 0 ? `${homePath(role)}${searchWithLaid('', laid)}` : homePath(role);
  const [form] = Form.useForm<Credentials>();
  const [formError, setFormError] = useState<string | null>(null);
  const login = useMutation<void, Error, Credentials>({ mutationFn: (credentials) => logIn(role, credentials) });
  const recoveryPath = RECOVERY_PATHS[role];

  const submit = (credentials: Credentials) => {
    setFormError(null);
    login.mutate(credentials, {
      onSuccess: () => void navigate(home, { replace: true }),
      onError: (error) => setFormError(formLevelMessage(error, showFieldErrors(form, error, FIELDS))),
    });
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="page-title">
        {t('auth.loginTitle', { area: t(`areas.${role}`) })}
      </Typography.Title>
      <FormAlert message={formError} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="login-form">
        <Form.Item name="email" label={t('auth.email')} rules={[schemaRule(loginBody.shape.email)]}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus data-testid="login-email" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[schemaRule(loginBody.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('auth.submit')}
        </Button>
      </Form>
      {recoveryPath && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          <Link to={recoveryPath} data-testid="forgot-password-link">
            {t('auth.forgotPassword')}
          </Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
