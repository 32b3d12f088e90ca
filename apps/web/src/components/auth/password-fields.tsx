import { newPassword } from '@linq/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/forms.ts';

/** A new password and its confirmation; `name` is the field the API expects. */
export function NewPasswordFields({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={t('auth.newPassword')}
        extra={t('auth.passwordHint')}
        rules={[schemaRule(newPassword)]}
      >
        <Input.Password autoComplete="new-password" data-testid={`field-${name}`} />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={t('auth.confirmPassword')}
        dependencies={[name]}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              value === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="field-password_confirmation" />
      </Form.Item>
    </>
  );
}
