import { UploadOutlined } from '@ant-design/icons';
import { PREFECTURES, visibleFields, type FormAddress, type FormField } from '@linq/contract';
import { Button, Checkbox, Flex, Form, Image, Input, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../app/i18n/parts/form-page.ts';
import '../../app/i18n/parts/addresses.ts';
import { usePostalCodeLookup } from '../addresses/usePostalCodeLookup.ts';

/*
 * An answer form's fields as a friend sees them: the one rendering of the public /form page and of
 * the builder's phone preview. Conditional fields show and hide live from the answers entered; every
 * label, help and option is the staff's text, rendered as text.
 */

export type AnswerValues = Record<string, unknown>;

interface FormFieldsProps {
  fields: readonly FormField[];
  values: AnswerValues;
  onChange: (key: string, value: unknown) => void;
  /** A message per field key (the client's check or the server's 422). */
  errors: Record<string, string>;
  /** Uploads an image field's file and resolves with the token to send; absent in the preview. */
  upload?: (file: File) => Promise<string>;
  disabled?: boolean;
}

const EMPTY_ADDRESS: FormAddress = { postal_code: '', prefecture: '', city: '', rest: '' };

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const addressOf = (value: unknown): FormAddress =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { ...EMPTY_ADDRESS, ...(value as Partial<FormAddress>) }
    : EMPTY_ADDRESS;

const PREFECTURE_OPTIONS = PREFECTURES.map((name) => ({ value: name, label: name }));

/** The input types a browser offers a keyboard or a picker for. */
const INPUT_TYPES: Partial<
  Record<FormField['type'], { type: string; inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' }>
> = {
  number: { type: 'text', inputMode: 'decimal' },
  email: { type: 'email', inputMode: 'email' },
  phone: { type: 'tel', inputMode: 'tel' },
  date: { type: 'date' },
  time: { type: 'time' },
};

function ImageInput(props: {
  field: FormField;
  value: string;
  onChange: (token: string) => void;
  upload?: (file: File) => Promise<string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const choose = async (file: File) => {
    if (!props.upload) return;
    setBusy(true);
    setProblem(null);
    try {
      props.onChange(await props.upload(file));
      setPreview(URL.createObjectURL(file));
    } catch (error) {
      setProblem(t('formPage.uploadFailed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  const testId = `form-field-${props.field.key}-image`;
  return (
    <Flex vertical gap={8}>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void choose(file);
        }}
        data-testid={`${testId}-input`}
      />
      {props.value !== '' && preview && <Image src={preview} alt="" width={160} preview={false} />}
      {props.value !== '' && <Typography.Text type="success">{t('formPage.uploaded')}</Typography.Text>}
      <Space wrap>
        <Button
          icon={<UploadOutlined />}
          loading={busy}
          disabled={props.disabled || !props.upload}
          onClick={() => input.current?.click()}
          data-testid={testId}
        >
          {busy ? t('formPage.uploading') : props.value === '' ? t('formPage.uploadImage') : t('formPage.replaceImage')}
        </Button>
        {props.value !== '' && (
          <Button type="link" onClick={() => props.onChange('')} disabled={props.disabled}>
            {t('formPage.removeImage')}
          </Button>
        )}
      </Space>
      {problem && (
        <Typography.Text type="danger" data-testid={`${testId}-problem`}>
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

function AddressInput(props: {
  field: FormField;
  value: FormAddress;
  onChange: (value: FormAddress) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<FormAddress>) => props.onChange({ ...props.value, ...patch });
  const id = `form-field-${props.field.key}`;
  const lookup = usePostalCodeLookup(props.value.postal_code);
  // Fill the prefecture and city once per code found, so what the person types afterwards stays.
  const filledFor = useRef<string | null>(null);
  const found = lookup.status === 'found' ? lookup.address : null;
  useEffect(() => {
    if (!found || filledFor.current === found.postal_code) return;
    filledFor.current = found.postal_code;
    props.onChange({ ...props.value, prefecture: found.prefecture, city: `${found.city}${found.town}` });
  }, [found, props]);
  return (
    <Flex vertical gap={8}>
      <Input
        aria-label={t('formPage.postalCode')}
        placeholder={t('formPage.postalCodePlaceholder')}
        inputMode="numeric"
        autoComplete="postal-code"
        value={props.value.postal_code}
        onChange={(event) => set({ postal_code: event.target.value })}
        disabled={props.disabled}
        style={{ maxWidth: 200 }}
        data-testid={`${id}-postal-code`}
      />
      {lookup.hint && (
        <Typography.Text
          type={lookup.status === 'found' || lookup.status === 'searching' ? 'secondary' : 'warning'}
          data-testid={`${id}-postal-hint`}
        >
          {t(lookup.hint)}
        </Typography.Text>
      )}
      <Select
        aria-label={t('formPage.prefecture')}
        placeholder={t('formPage.prefecture')}
        options={PREFECTURE_OPTIONS}
        value={props.value.prefecture || undefined}
        onChange={(prefecture: string) => set({ prefecture })}
        disabled={props.disabled}
        showSearch
        style={{ maxWidth: 200 }}
        data-testid={`${id}-prefecture`}
      />
      <Input
        aria-label={t('formPage.city')}
        placeholder={t('formPage.city')}
        autoComplete="address-level2"
        value={props.value.city}
        onChange={(event) => set({ city: event.target.value })}
        disabled={props.disabled}
        data-testid={`${id}-city`}
      />
      <Input
        aria-label={t('formPage.rest')}
        placeholder={t('formPage.rest')}
        autoComplete="address-line1"
        value={props.value.rest}
        onChange={(event) => set({ rest: event.target.value })}
        disabled={props.disabled}
        data-testid={`${id}-rest`}
      />
    </Flex>
  );
}

/** The input of one (shown) field. */
function FieldInput({
  field,
  value,
  onChange,
  upload,
  disabled,
}: {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  upload?: (file: File) => Promise<string>;
  disabled?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const id = `form-field-${field.key}`;
  const placeholder = field.placeholder || undefined;
  const options = field.options.map((option) => ({ value: option.key, label: option.label }));
  switch (field.type) {
    case 'heading':
      return null;
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={placeholder}
          maxLength={field.max_length ?? undefined}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          data-testid={id}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          placeholder={placeholder ?? t('formPage.choose')}
          options={options}
          value={textOf(value) || undefined}
          onChange={(key: string) => onChange(key)}
          allowClear={!field.required}
          disabled={disabled}
          data-testid={id}
        />
      );
    case 'prefecture':
      return (
        <Select
          id={id}
          placeholder={placeholder ?? t('formPage.choose')}
          options={PREFECTURE_OPTIONS}
          value={textOf(value) || undefined}
          onChange={(name: string) => onChange(name)}
          allowClear={!field.required}
          showSearch
          disabled={disabled}
          style={{ maxWidth: 240 }}
          data-testid={id}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          value={textOf(value) || undefined}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          data-testid={id}
        >
          <Flex vertical gap={8}>
            {field.options.map((option) => (
              <Radio key={option.key} value={option.key}>
                <span data-testid={`${id}-option-${option.key}`}>{option.label}</span>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group value={listOf(value)} onChange={(keys) => onChange(keys)} disabled={disabled} data-testid={id}>
          <Flex vertical gap={8}>
            {field.options.map((option) => (
              <Checkbox key={option.key} value={option.key}>
                <span data-testid={`${id}-option-${option.key}`}>{option.label}</span>
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      );
    case 'consent':
      return (
        <Checkbox
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          data-testid={id}
        >
          {t('formPage.consent')}
        </Checkbox>
      );
    case 'address':
      return <AddressInput field={field} value={addressOf(value)} onChange={onChange} disabled={disabled} />;
    case 'image':
      return <ImageInput field={field} value={textOf(value)} onChange={onChange} upload={upload} disabled={disabled} />;
    default: {
      const kind = INPUT_TYPES[field.type];
      return (
        <Input
          id={id}
          type={kind?.type ?? 'text'}
          inputMode={kind?.inputMode}
          placeholder={placeholder}
          maxLength={field.max_length ?? undefined}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          data-testid={id}
        />
      );
    }
  }
}

/** The shown fields of a form for these answers, each with its label, help and message. */
export function FormFields({ fields, values, onChange, errors, upload, disabled }: FormFieldsProps) {
  const { t } = useTranslation();
  const shown = visibleFields({ fields: [...fields] }, values);
  return (
    <Form layout="vertical" component="div" requiredMark={false}>
      {shown.map((field) =>
        field.type === 'heading' ? (
          <div key={field.key} style={{ marginBottom: 16 }} data-testid={`form-field-${field.key}`}>
            <Typography.Title level={5} style={{ marginTop: 8 }}>
              {field.label}
            </Typography.Title>
            {field.help && (
              <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                {field.help}
              </Typography.Paragraph>
            )}
          </div>
        ) : (
          <Form.Item
            key={field.key}
            htmlFor={`form-field-${field.key}`}
            label={
              <Space size={6} wrap>
                <span style={{ whiteSpace: 'pre-wrap' }}>{field.label}</span>
                {field.required && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {t('formPage.required')}
                  </Typography.Text>
                )}
              </Space>
            }
            extra={field.help ? <span style={{ whiteSpace: 'pre-wrap' }}>{field.help}</span> : undefined}
            validateStatus={errors[field.key] ? 'error' : undefined}
            help={
              errors[field.key] ? <span data-testid={`form-error-${field.key}`}>{errors[field.key]}</span> : undefined
            }
            data-testid={`form-item-${field.key}`}
          >
            <FieldInput
              field={field}
              value={values[field.key]}
              onChange={(value) => onChange(field.key, value)}
              upload={upload}
              disabled={disabled}
            />
          </Form.Item>
        ),
      )}
    </Form>
  );
}
