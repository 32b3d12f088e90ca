import { DOMAINS_REQUIRED, IMAGE_PATH_MESSAGE, oemsApi, type Oem, type OemInput } from '@linq/contract';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, ColorPicker, Divider, Form, Input, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import { imageFileProblem } from '../../../components/image-upload.ts';
import '../../../app/i18n/parts/oems.ts';

/** The form's values: domains as the text box holds them, one a line. */
export interface OemFormValues {
  name: string;
  service_name: string;
  domains: string;
  is_default: boolean;
  favicon_url: string;
  logo_url: string;
  support_email: string;
  mail_from_name: string;
  mail_from_address: string;
  primary_color: string;
  header_color: string;
  sider_color: string;
  landing_text: string;
}

type OemField =
  | 'name'
  | 'service_name'
  | 'support_email'
  | 'mail_from_name'
  | 'mail_from_address'
  | 'primary_color'
  | 'header_color'
  | 'sider_color'
  | 'landing_text';

export const NEW_OEM: OemFormValues = {
  name: '',
  service_name: '',
  domains: '',
  is_default: false,
  favicon_url: '/favicon.svg',
  logo_url: '',
  support_email: '',
  mail_from_name: '',
  mail_from_address: '',
  primary_color: '#06C755',
  header_color: '#FFFFFF',
  sider_color: '#001529',
  landing_text: '',
};

export function formValuesOf(oem: Oem): OemFormValues {
  return {
    name: oem.name,
    service_name: oem.service_name,
    domains: oem.domains.join('\n'),
    is_default: oem.is_default,
    favicon_url: oem.favicon_url,
    logo_url: oem.logo_url ?? '',
    support_email: oem.support_email ?? '',
    mail_from_name: oem.mail_from_name ?? '',
    mail_from_address: oem.mail_from_address ?? '',
    primary_color: oem.primary_color,
    header_color: oem.header_color,
    sider_color: oem.sider_color,
    landing_text: oem.landing_text ?? '',
  };
}

export function bodyOf(values: OemFormValues): OemInput {
  return { ...values, domains: values.domains.split(/[\s,]+/).filter((domain) => domain !== '') };
}

/** An uploaded favicon or logo: its preview, upload and (for an optional one) removal. */
function ImageField({
  value,
  onChange,
  optional,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  optional: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const local = imageFileProblem(file);
    setProblem(local);
    if (local) return;
    setUploading(true);
    try {
      const answer = await uploadFile(oemsApi.uploadImage, {}, file, { handles: [413, 422] });
      onChange?.(answer.data.url);
    } catch (error) {
      if (isApiError(error, 413) || isApiError(error, 422)) setProblem(error.message);
      else throw error;
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space direction="vertical" size={4}>
      <Space>
        {value ? (
          <img
            src={value}
            alt=""
            style={{ height: 32, maxWidth: 160, objectFit: 'contain' }}
            data-testid={`${testId}-preview`}
          />
        ) : (
          <Typography.Text type="secondary">{t('oems.noImage')}</Typography.Text>
        )}
        <Button
          icon={<UploadOutlined />}
          loading={uploading}
          onClick={() => document.getElementById(`${testId}-file`)?.click()}
        >
          {t('oems.upload')}
        </Button>
        {optional && value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} data-testid={`${testId}-remove`}>
            {t('oems.removeImage')}
          </Button>
        )}
      </Space>
      <input
        id={`${testId}-file`}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid={`${testId}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Typography.Text type="secondary">{t('oems.imageHint')}</Typography.Text>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Space>
  );
}

/** A theme colour: the picker and its #RRGGBB code, either of which may be changed. */
function ColourInput({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}) {
  return (
    <Space.Compact>
      <ColorPicker
        value={value}
        disabledAlpha
        format="hex"
        onChange={(colour) => onChange?.(colour.toHexString().toUpperCase())}
      />
      <Input
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        maxLength={7}
        style={{ width: 110 }}
        data-testid={testId}
      />
    </Space.Compact>
  );
}

function ColourField({
  name,
  label,
  rule,
}: {
  name: OemField;
  label: string;
  rule: ResourceFormModel<OemFormValues, OemField>['rule'];
}) {
  return (
    <Form.Item name={name} label={label} rules={[rule(name)]}>
      <ColourInput testId={`field-${name}`} />
    </Form.Item>
  );
}

interface OemFormProps {
  model: ResourceFormModel<OemFormValues, OemField>;
  initialValues: OemFormValues;
  cancelTo: string;
}

export function OemForm({ model, initialValues, cancelTo }: OemFormProps) {
  const { t } = useTranslation();
  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item
        name="service_name"
        label={t('oems.serviceName')}
        extra={t('oems.serviceNameHint')}
        rules={[model.rule('service_name')]}
      >
        <Input maxLength={100} data-testid="field-service_name" />
      </Form.Item>
      <Form.Item name="name" label={t('oems.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item
        name="domains"
        label={t('oems.domains')}
        extra={t('oems.domainsHint')}
        rules={[{ required: true, whitespace: true, message: DOMAINS_REQUIRED }]}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          autoComplete="off"
          spellCheck={false}
          data-testid="field-domains"
        />
      </Form.Item>
      <Form.Item name="is_default" label={t('oems.isDefault')} extra={t('oems.isDefaultHint')} valuePropName="checked">
        <Switch data-testid="field-is_default" />
      </Form.Item>
      <Divider titlePlacement="start">{t('oems.colours')}</Divider>
      <Space wrap size="large">
        <ColourField name="primary_color" label={t('oems.primaryColor')} rule={model.rule} />
        <ColourField name="header_color" label={t('oems.headerColor')} rule={model.rule} />
        <ColourField name="sider_color" label={t('oems.siderColor')} rule={model.rule} />
      </Space>
      <Form.Item name="favicon_url" label={t('oems.favicon')} rules={[{ required: true, message: IMAGE_PATH_MESSAGE }]}>
        <ImageField optional={false} testId="favicon" />
      </Form.Item>
      <Form.Item name="logo_url" label={t('oems.logo')}>
        <ImageField optional testId="logo" />
      </Form.Item>
      <Divider />
      <Form.Item
        name="support_email"
        label={t('oems.supportEmail')}
        extra={t('oems.supportEmailHint')}
        rules={[model.rule('support_email')]}
      >
        <Input type="email" data-testid="field-support_email" />
      </Form.Item>
      <Form.Item name="mail_from_name" label={t('oems.mailFromName')} rules={[model.rule('mail_from_name')]}>
        <Input maxLength={100} data-testid="field-mail_from_name" />
      </Form.Item>
      <Form.Item
        name="mail_from_address"
        label={t('oems.mailFromAddress')}
        extra={t('oems.mailSenderHint')}
        rules={[model.rule('mail_from_address')]}
      >
        <Input type="email" data-testid="field-mail_from_address" />
      </Form.Item>
      <Form.Item
        name="landing_text"
        label={t('oems.landingText')}
        extra={t('oems.landingTextHint')}
        rules={[model.rule('landing_text')]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={2000}
          showCount
          data-testid="field-landing_text"
        />
      </Form.Item>
    </FormShell>
  );
}
