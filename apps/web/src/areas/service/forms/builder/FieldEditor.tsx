import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  FORM_CONDITION_OPERATORS,
  FORM_TEXT_CHECKS,
  isChoiceType,
  type FormCondition,
  type FormField,
  type FormMapping,
  type FormOption,
  type InfoField,
} from '@linq/contract';
import {
  Badge,
  Button,
  Checkbox,
  Col,
  Collapse,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tooltip,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionsEditor, actionCount, type ActionChoices } from './ActionsEditor.tsx';
import { conditionSources, MAPPABLE, moved, newOption, TAKES_LENGTH, TAKES_PLACEHOLDER, TAKES_RANGE } from './draft.ts';
import '../../../../app/i18n/parts/forms.ts';

interface FieldEditorProps {
  field: FormField;
  index: number;
  fields: readonly FormField[];
  onChange: (field: FormField) => void;
  errors: Record<string, string>;
  infoFields: readonly InfoField[];
  choices: ActionChoices;
}

/** A mapping as one select value: `info:<id>`, `display_name`, `notes` or '' for none. */
const mappingValue = (mapping: FormMapping | null): string =>
  mapping === null ? '' : mapping.kind === 'info_field' ? `info:${mapping.field_id}` : mapping.kind;
function mappingOf(value: string): FormMapping | null {
  if (value === 'display_name' || value === 'notes') return { kind: value };
  const id = /^info:(\d+)$/.exec(value)?.[1];
  return id ? { kind: 'info_field', field_id: Number(id) } : null;
}

const numberOrNull = (value: number | string | null) => (typeof value === 'number' ? value : null);

function OptionsEditor({
  field,
  fieldIndex,
  onChange,
  errors,
  prefix,
  choices,
}: {
  field: FormField;
  fieldIndex: number;
  onChange: (options: FormOption[]) => void;
  errors: Record<string, string>;
  prefix: string;
  choices: ActionChoices;
}) {
  const { t } = useTranslation();
  const options = field.options;
  const set = (index: number, patch: Partial<FormOption>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  return (
    <Flex vertical gap={8} data-testid={`field-options-${fieldIndex}`}>
      {options.map((option, index) => {
        const error = errors[`${prefix}.options.${index}.label`] ?? errors[`${prefix}.options.${index}.key`];
        const count = actionCount(option.actions);
        return (
          <Flex vertical gap={4} key={option.key}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={option.label}
                status={error ? 'error' : undefined}
                placeholder={t('forms.builder.optionLabel')}
                onChange={(event) => set(index, { label: event.target.value })}
                aria-label={t('forms.builder.optionNumber', { number: index + 1 })}
                data-testid={`option-label-${fieldIndex}-${index}`}
              />
              <Tooltip title={t('forms.builder.moveUp')}>
                <Button
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => onChange(moved(options, index, index - 1))}
                  aria-label={t('forms.builder.moveUp')}
                />
              </Tooltip>
              <Tooltip title={t('forms.builder.moveDown')}>
                <Button
                  icon={<ArrowDownOutlined />}
                  disabled={index === options.length - 1}
                  onClick={() => onChange(moved(options, index, index + 1))}
                  aria-label={t('forms.builder.moveDown')}
                />
              </Tooltip>
              <Tooltip title={t('forms.builder.removeOption')}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={options.length <= 1}
                  onClick={() => onChange(options.filter((_, i) => i !== index))}
                  aria-label={t('forms.builder.removeOption')}
                  data-testid={`option-remove-${fieldIndex}-${index}`}
                />
              </Tooltip>
            </Space.Compact>
            {error && <span style={{ color: 'var(--ant-color-error)' }}>{error}</span>}
            <Collapse
              size="small"
              items={[
                {
                  key: 'actions',
                  label: (
                    <Space size={6}>
                      <ThunderboltOutlined />
                      {t('forms.builder.optionActions')}
                      {count > 0 && <Badge count={count} color="blue" />}
                    </Space>
                  ),
                  children: (
                    <ActionsEditor
                      value={option.actions}
                      onChange={(actions) => set(index, { actions })}
                      choices={choices}
                      testId={`option-actions-${fieldIndex}-${index}`}
                      errors={errors}
                      errorPrefix={`${prefix}.options.${index}.actions`}
                    />
                  ),
                },
              ]}
              data-testid={`option-actions-toggle-${fieldIndex}-${index}`}
            />
          </Flex>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        onClick={() =>
          onChange([...options, newOption(options, t('forms.builder.defaultOption', { number: options.length + 1 }))])
        }
        data-testid={`option-add-${fieldIndex}`}
      >
        {t('forms.builder.addOption')}
      </Button>
      {errors[`${prefix}.options`] && (
        <span style={{ color: 'var(--ant-color-error)' }}>{errors[`${prefix}.options`]}</span>
      )}
    </Flex>
  );
}

function ConditionEditor({
  field,
  index,
  fields,
  onChange,
  errors,
  prefix,
}: {
  field: FormField;
  index: number;
  fields: readonly FormField[];
  onChange: (condition: FormCondition | null) => void;
  errors: Record<string, string>;
  prefix: string;
}) {
  const { t } = useTranslation();
  const sources = conditionSources(fields, index);
  const condition = field.condition;
  const source = sources.find((candidate) => candidate.key === condition?.field_key);
  const error =
    errors[`${prefix}.condition.field_key`] ?? errors[`${prefix}.condition.value`] ?? errors[`${prefix}.condition`];
  if (sources.length === 0)
    return <span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('forms.builder.noConditionSource')}</span>;
  return (
    <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
      <Flex gap={8} wrap>
        <Select<string>
          allowClear
          placeholder={t('forms.builder.alwaysShown')}
          value={condition?.field_key}
          onChange={(key) => {
            const next = sources.find((candidate) => candidate.key === key);
            onChange(
              next
                ? {
                    field_key: next.key,
                    operator: isChoiceType(next.type) ? 'equals' : 'answered',
                    value: next.options[0]?.key ?? '',
                  }
                : null,
            );
          }}
          options={sources.map((candidate) => ({ value: candidate.key, label: candidate.label }))}
          style={{ minWidth: 200 }}
          data-testid={`field-condition-source-${index}`}
        />
        {condition && source && (
          <>
            <Select<FormCondition['operator']>
              value={condition.operator}
              onChange={(operator) => onChange({ ...condition, operator })}
              options={FORM_CONDITION_OPERATORS.filter((operator) =>
                operator === 'includes'
                  ? source.type === 'checkbox'
                  : operator === 'equals'
                    ? source.type !== 'checkbox'
                    : true,
              ).map((operator) => ({ value: operator, label: t(`forms.builder.operators.${operator}`) }))}
              style={{ minWidth: 140 }}
              data-testid={`field-condition-operator-${index}`}
            />
            {condition.operator !== 'answered' &&
              (isChoiceType(source.type) ? (
                <Select<string>
                  value={condition.value || undefined}
                  onChange={(value) => onChange({ ...condition, value })}
                  options={source.options.map((option) => ({ value: option.key, label: option.label }))}
                  style={{ minWidth: 160 }}
                  data-testid={`field-condition-value-${index}`}
                />
              ) : (
                <Input
                  value={condition.value}
                  onChange={(event) => onChange({ ...condition, value: event.target.value })}
                  style={{ width: 200 }}
                  data-testid={`field-condition-value-${index}`}
                />
              ))}
          </>
        )}
      </Flex>
    </Form.Item>
  );
}

/** One field's settings: its wording, whether it is required, limits, options, mapping and condition. */
export function FieldEditor({ field, index, fields, onChange, errors, infoFields, choices }: FieldEditorProps) {
  const { t } = useTranslation();
  const prefix = `fields.${index}`;
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch });
  const item = (name: string) => ({
    validateStatus: errors[`${prefix}.${name}`] ? ('error' as const) : undefined,
    help: errors[`${prefix}.${name}`],
  });
  const heading = field.type === 'heading';
  const mappingOptions = [
    { value: '', label: t('forms.builder.noMapping') },
    { value: 'display_name', label: t('forms.builder.mapDisplayName') },
    { value: 'notes', label: t('forms.builder.mapNotes') },
    ...infoFields.map((info) => ({ value: `info:${info.id}`, label: t('forms.builder.mapInfo', { name: info.name }) })),
  ];
  return (
    <Form layout="vertical" component="div" data-testid={`field-editor-${index}`}>
      <Form.Item
        label={heading ? t('forms.builder.headingTitle') : t('forms.builder.label')}
        required
        {...item('label')}
      >
        <Input
          value={field.label}
          onChange={(event) => set({ label: event.target.value })}
          data-testid={`field-label-${index}`}
        />
      </Form.Item>
      <Form.Item label={heading ? t('forms.builder.headingText') : t('forms.builder.help')} {...item('help')}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 6 }}
          value={field.help}
          onChange={(event) => set({ help: event.target.value })}
          data-testid={`field-help-${index}`}
        />
      </Form.Item>
      {!heading && (
        <Form.Item style={{ marginBottom: 12 }}>
          <Checkbox
            checked={field.required}
            onChange={(event) => set({ required: event.target.checked })}
            data-testid={`field-required-${index}`}
          >
            {t('forms.builder.required')}
          </Checkbox>
        </Form.Item>
      )}
      {TAKES_PLACEHOLDER.includes(field.type) && (
        <Form.Item label={t('forms.builder.placeholder')} {...item('placeholder')}>
          <Input
            value={field.placeholder}
            onChange={(event) => set({ placeholder: event.target.value })}
            data-testid={`field-placeholder-${index}`}
          />
        </Form.Item>
      )}
      {field.type === 'text' && (
        <Form.Item label={t('forms.builder.check')} {...item('check')}>
          <Select<string>
            value={field.check ?? ''}
            onChange={(check) => set({ check: FORM_TEXT_CHECKS.find((candidate) => candidate === check) ?? null })}
            options={[
              { value: '', label: t('forms.builder.noCheck') },
              ...FORM_TEXT_CHECKS.map((check) => ({ value: check, label: t(`forms.builder.checks.${check}`) })),
            ]}
            style={{ maxWidth: 280 }}
            data-testid={`field-check-${index}`}
          />
        </Form.Item>
      )}
      {TAKES_LENGTH.includes(field.type) && (
        <Row gutter={8}>
          <Col span={12}>
            <Form.Item label={t('forms.builder.minLength')} {...item('min_length')}>
              <InputNumber
                min={0}
                precision={0}
                value={field.min_length}
                onChange={(value) => set({ min_length: numberOrNull(value) })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('forms.builder.maxLength')} {...item('max_length')}>
              <InputNumber
                min={0}
                precision={0}
                value={field.max_length}
                onChange={(value) => set({ max_length: numberOrNull(value) })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      {TAKES_RANGE.includes(field.type) && (
        <Row gutter={8}>
          <Col span={12}>
            <Form.Item
              label={field.type === 'checkbox' ? t('forms.builder.minChoices') : t('forms.builder.minValue')}
              {...item('min_value')}
            >
              <InputNumber
                value={field.min_value}
                onChange={(value) => set({ min_value: numberOrNull(value) })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={field.type === 'checkbox' ? t('forms.builder.maxChoices') : t('forms.builder.maxValue')}
              {...item('max_value')}
            >
              <InputNumber
                value={field.max_value}
                onChange={(value) => set({ max_value: numberOrNull(value) })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      {isChoiceType(field.type) && (
        <Form.Item label={t('forms.builder.options')}>
          <OptionsEditor
            field={field}
            fieldIndex={index}
            onChange={(options) => set({ options })}
            errors={errors}
            prefix={prefix}
            choices={choices}
          />
        </Form.Item>
      )}
      {MAPPABLE.includes(field.type) && (
        <Form.Item label={t('forms.builder.mapping')} extra={t('forms.builder.mappingHint')} {...item('mapping')}>
          <Select<string>
            value={mappingValue(field.mapping)}
            onChange={(value) => set({ mapping: mappingOf(value) })}
            options={mappingOptions}
            style={{ maxWidth: 320 }}
            data-testid={`field-mapping-${index}`}
          />
        </Form.Item>
      )}
      <Form.Item label={t('forms.builder.condition')} style={{ marginBottom: 0 }}>
        <ConditionEditor
          field={field}
          index={index}
          fields={fields}
          onChange={(condition) => set({ condition })}
          errors={errors}
          prefix={prefix}
        />
      </Form.Item>
    </Form>
  );
}
