import { staffAuthorityInput, type StaffAuthorityInput } from '@linq/contract';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../app/api/errors.ts';
import { schemaRule, showFieldErrors } from '../../../app/forms.ts';
import { FormAlert } from '../../../components/auth/FormAlert.tsx';
import { PermissionMatrixField } from '../../../components/PermissionMatrix.tsx';

const FIELDS = ['name', 'description', 'permissions'];

interface StaffAuthorityFormProps {
  initialValues: StaffAuthorityInput;
  cancelTo: string;
  onSubmit: (values: StaffAuthorityInput) => Promise<unknown>;
}

export function StaffAuthorityForm({ initialValues, cancelTo, onSubmit }: StaffAuthorityFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StaffAuthorityInput>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: StaffAuthorityInput) => {
    setFormError(null);
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const unmatched = showFieldErrors(form, error, FIELDS);
      if (unmatched?.length) setFormError(unmatched.join(' '));
      else if (isApiError(error, 409)) setFormError(error.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 720 }}
    >
      <FormAlert message={formError} />
      <Form.Item name="name" label={t('staffAuthorities.name')} rules={[schemaRule(staffAuthorityInput.shape.name)]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('staffAuthorities.description')}
        rules={[schemaRule(staffAuthorityInput.shape.description)]}
      >
        <Input.TextArea rows={2} maxLength={500} showCount data-testid="field-description" />
      </Form.Item>
      <Form.Item label={t('staffAuthorities.permissions')} required>
        <PermissionMatrixField />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
          {t('common.save')}
        </Button>
        <Link to={cancelTo}>
          <Button data-testid="form-cancel">{t('common.cancel')}</Button>
        </Link>
      </Space>
    </Form>
  );
}
