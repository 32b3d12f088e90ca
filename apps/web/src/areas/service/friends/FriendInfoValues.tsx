import { SettingOutlined } from '@ant-design/icons';
import { friendsApi, INFO_FIELD_VALUE_MAX, type FriendDetail, type InfoField } from '@linq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Empty, Form, Input, InputNumber, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormAlert } from '../../../components/auth/FormAlert.tsx';
import { friendQuery } from './FriendFieldForms.tsx';
import { useInfoFields } from './InfoFieldsDrawer.tsx';
import {
  infoFormName,
  infoFormValues,
  infoValueFieldErrors,
  infoValuesPayload,
  infoValueText,
  type InfoFormValues,
} from './info-fields.ts';
import '../../../app/i18n/parts/friends.ts';

/** The input of a field's value (returned as an element: the form item hands its value to it directly). */
function infoValueInput(field: InfoField) {
  const testId = `info-value-${field.id}`;
  switch (field.field_type) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} data-testid={testId} />;
    case 'date':
      return <DatePicker format="YYYY/MM/DD" style={{ width: '100%' }} data-testid={testId} />;
    case 'select':
      return (
        <Select
          allowClear
          options={field.options.map((option) => ({ value: option, label: option }))}
          optionRender={(option) => <span data-testid={`${testId}-option`}>{option.label}</span>}
          data-testid={testId}
        />
      );
    default:
      return <Input maxLength={INFO_FIELD_VALUE_MAX} data-testid={testId} />;
  }
}

function InfoValuesForm({ friend, fields }: { friend: FriendDetail; fields: InfoField[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InfoFormValues>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: InfoFormValues) => {
    setSaving(true);
    setFormError(null);
    const payload = infoValuesPayload(fields, values);
    try {
      const saved = await call(friendsApi.setInfoValues, { params: { id: friend.id }, body: { values: payload } });
      queryClient.setQueryData(friendQuery(friend.id).queryKey, saved);
      feedback.notifySuccess(t('common.saved'));
      await invalidateEndpoints(friendsApi.list);
    } catch (error) {
      if (isApiError(error, 422) && error.fieldErrors) {
        const { fields: fieldErrors, others } = infoValueFieldErrors(error.fieldErrors, payload);
        form.setFields(fieldErrors);
        setFormError(others.length ? others.join(' ') : null);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={infoFormValues(fields, friend.info_values)}
      onFinish={(values) => void submit(values)}
      data-testid="info-values-form"
    >
      <FormAlert message={formError} />
      {fields.map((field) => (
        <Form.Item key={field.id} name={infoFormName(field)} label={field.name}>
          {infoValueInput(field)}
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={saving} data-testid="info-values-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}

interface FriendInfoValuesProps {
  friend: FriendDetail;
  editable: boolean;
  /** Opens the info field definitions (for users who may change them). */
  onManageFields?: () => void;
}

/** The friend's values of the channel's info fields: a form for editors, text for viewers. */
export function FriendInfoValues({ friend, editable, onManageFields }: FriendInfoValuesProps) {
  const { t } = useTranslation();
  const infoFields = useInfoFields();
  const fields = infoFields.data?.data;
  if (!fields) return <Spin delay={SPINNER_DELAY_MS} />;
  if (fields.length === 0) {
    return (
      <Empty description={t('friends.infoFields.empty')} data-testid="info-values-empty">
        {onManageFields && (
          <Button icon={<SettingOutlined />} onClick={onManageFields} data-testid="info-fields-open">
            {t('friends.infoFields.manage')}
          </Button>
        )}
      </Empty>
    );
  }
  if (!editable) {
    const stored = new Map((friend.info_values ?? []).map((value) => [value.field_id, value.value]));
    return (
      <Descriptions
        column={1}
        size="small"
        bordered
        data-testid="info-values"
        items={fields.map((field) => ({
          key: field.id,
          label: field.name,
          children: <span data-testid={`info-value-${field.id}`}>{infoValueText(field, stored.get(field.id))}</span>,
        }))}
      />
    );
  }
  // A new form when the values or the fields change under it (after a save or a definition change).
  const formKey = JSON.stringify([fields, friend.info_values]);
  return <InfoValuesForm key={formKey} friend={friend} fields={fields} />;
}
