import type { StaffAuthorityInput } from '@linq/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionMatrixField } from '../../../components/PermissionMatrix.tsx';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/account.ts';

interface StaffAuthorityFormProps {
  model: ResourceFormModel<StaffAuthorityInput, 'name' | 'description'>;
  initialValues: StaffAuthorityInput;
  cancelTo: string;
}

export function StaffAuthorityForm({ model, initialValues, cancelTo }: StaffAuthorityFormProps) {
  const { t } = useTranslation();
  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo} maxWidth={720}>
      <Form.Item name="name" label={t('staffAuthorities.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="description" label={t('staffAuthorities.description')} rules={[model.rule('description')]}>
        <Input.TextArea rows={2} maxLength={500} showCount data-testid="field-description" />
      </Form.Item>
      <Form.Item label={t('staffAuthorities.permissions')} required>
        <PermissionMatrixField />
      </Form.Item>
    </FormShell>
  );
}
