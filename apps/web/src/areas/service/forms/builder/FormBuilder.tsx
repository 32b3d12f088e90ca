import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BranchesOutlined,
  DeleteOutlined,
  DownOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { FORM_FIELD_TYPES, type Form as FormRecord, type FormField } from '@linq/contract';
import { Alert, Button, Card, Col, Dropdown, Flex, Form, Input, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../app/api/errors.ts';
import { feedback } from '../../../../app/feedback.ts';
import { useFolderList } from '../../../../components/folders/useFolders.ts';
import { FolderSelect } from '../../../../components/folders/FolderSelect.tsx';
import type { AnswerValues } from '../../../../components/form-view/FormFields.tsx';
import { FormSheet } from '../../../../components/form-view/FormSheet.tsx';
import { useLeaveGuard } from '../../../../components/LeaveGuard.tsx';
import { phoneFrame, phoneHeader } from '../../../../components/line-message/phone-style.ts';
import { useInfoFields } from '../../friends/InfoFieldsDrawer.tsx';
import { saveForm } from '../useForms.ts';
import { ActionsEditor, useActionChoices } from './ActionsEditor.tsx';
import {
  draftErrors,
  draftOf,
  errorsUnder,
  moved,
  newField,
  serverErrors,
  withValidConditions,
  type Draft,
} from './draft.ts';
import { FieldEditor } from './FieldEditor.tsx';
import { SettingsEditor } from './SettingsEditor.tsx';
import '../../../../app/i18n/parts/forms.ts';
import '../../../../app/i18n/parts/form-page.ts';

/** A phone's width for the preview. */
const PREVIEW_WIDTH = 375;

/**
 * The form builder (create, and the edit tab of a form's page): its name and wording, fields of every
 * type in order with their settings, conditions and per-option actions, the form's settings and
 * actions, and a live preview drawn by the same component as the public page. A refused save keeps
 * everything typed and puts the messages on the fields.
 */
export function FormBuilder({
  form,
  folderId,
  onSaved,
}: {
  form: FormRecord | null;
  folderId: number | null;
  onSaved: (form: FormRecord, allowLeave: () => void) => void;
}) {
  const { t } = useTranslation();
  const folders = useFolderList('service', 'forms');
  const infoFields = useInfoFields().data?.data ?? [];
  const choices = useActionChoices();
  const [draft, setDraft] = useState<Draft>(() => draftOf(form, folderId));
  const [selected, setSelected] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [previewValues, setPreviewValues] = useState<AnswerValues>({});
  const { allowLeave, dialog } = useLeaveGuard(dirty);

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setDirty(true);
  };
  const setFields = (fields: FormField[]) => change({ fields: withValidConditions(fields) });
  const changeField = (index: number, field: FormField) =>
    setFields(draft.fields.map((current, i) => (i === index ? field : current)));
  const addField = (type: FormField['type']) => {
    const field = newField(type, draft.fields, {
      label: t(`forms.fieldTypes.${type}`),
      option: (number) => t('forms.builder.defaultOption', { number }),
    });
    setFields([...draft.fields, field]);
    setSelected(field.key);
  };
  const error = (path: string) => errors[path];

  const save = async () => {
    setProblem(null);
    const found = draftErrors(draft);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setProblem(t('forms.builder.fixErrors', { count: Object.keys(found).length }));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveForm(form?.id ?? null, draft);
      setErrors({});
      setDirty(false);
      feedback.notifySuccess(t('forms.builder.saved'));
      onSaved(saved, allowLeave);
    } catch (failure) {
      if (isApiError(failure, 422) && failure.fieldErrors) {
        const found422 = serverErrors(failure.fieldErrors);
        setErrors(found422);
        setProblem(t('forms.builder.fixErrors', { count: Object.keys(found422).length }));
      } else if (isApiError(failure) && failure.status < 500 && !failure.isNetworkError) setProblem(failure.message);
    } finally {
      setSaving(false);
    }
  };

  const fieldCard = (field: FormField, index: number) => {
    const open = selected === field.key;
    const fieldErrors = errorsUnder(errors, `fields.${index}`);
    const source = field.condition && draft.fields.find((other) => other.key === field.condition?.field_key);
    return (
      <Card
        key={field.key}
        size="small"
        style={{ borderColor: fieldErrors.length > 0 ? 'var(--ant-color-error)' : undefined }}
        title={
          <Flex
            gap={8}
            align="center"
            style={{ cursor: 'pointer', minWidth: 0 }}
            onClick={() => setSelected(open ? null : field.key)}
            data-testid={`field-card-${index}`}
          >
            <Tag>{t(`forms.fieldTypes.${field.type}`)}</Tag>
            <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
              {field.label}
            </Typography.Text>
            {field.required && <Tag color="red">{t('forms.builder.requiredShort')}</Tag>}
            {source && (
              <Tooltip title={t('forms.builder.shownWhen', { label: source.label })}>
                <BranchesOutlined />
              </Tooltip>
            )}
            <DownOutlined rotate={open ? 180 : 0} />
          </Flex>
        }
        extra={
          <Space.Compact>
            <Tooltip title={t('forms.builder.moveUp')}>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => setFields(moved(draft.fields, index, index - 1))}
                aria-label={t('forms.builder.moveUp')}
                data-testid={`field-up-${index}`}
              />
            </Tooltip>
            <Tooltip title={t('forms.builder.moveDown')}>
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === draft.fields.length - 1}
                onClick={() => setFields(moved(draft.fields, index, index + 1))}
                aria-label={t('forms.builder.moveDown')}
                data-testid={`field-down-${index}`}
              />
            </Tooltip>
            <Tooltip title={t('forms.builder.removeField')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setFields(draft.fields.filter((_, i) => i !== index))}
                aria-label={t('forms.builder.removeField')}
                data-testid={`field-remove-${index}`}
              />
            </Tooltip>
          </Space.Compact>
        }
        styles={{ body: open ? undefined : { display: 'none' } }}
      >
        {open && (
          <FieldEditor
            field={field}
            index={index}
            fields={draft.fields}
            onChange={(next) => changeField(index, next)}
            errors={errors}
            infoFields={infoFields}
            choices={choices}
          />
        )}
      </Card>
    );
  };

  return (
    <>
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={() => void save()}
          data-testid="form-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
      {problem && (
        <Alert
          type="error"
          showIcon
          message={problem}
          description={
            Object.keys(errors).length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {Object.entries(errors).map(([path, message]) => (
                  <li key={path}>{message}</li>
                ))}
              </ul>
            ) : undefined
          }
          style={{ marginBottom: 12 }}
          data-testid="form-save-problem"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Flex vertical gap={16}>
            <Card title={t('forms.builder.basics')}>
              <Form layout="vertical" component="div">
                <Form.Item
                  label={t('forms.name')}
                  required
                  extra={t('forms.builder.nameHint')}
                  validateStatus={error('name') ? 'error' : undefined}
                  help={error('name')}
                >
                  <Input
                    value={draft.name}
                    onChange={(event) => change({ name: event.target.value })}
                    data-testid="form-name-input"
                  />
                </Form.Item>
                <Form.Item label={t('forms.folder')}>
                  <FolderSelect
                    folders={folders}
                    value={draft.folder_id}
                    onChange={(id) => change({ folder_id: id })}
                    testId="form-folder"
                  />
                </Form.Item>
                <Form.Item
                  label={t('forms.title')}
                  required
                  extra={t('forms.builder.titleHint')}
                  validateStatus={error('title') ? 'error' : undefined}
                  help={error('title')}
                >
                  <Input
                    value={draft.title}
                    onChange={(event) => change({ title: event.target.value })}
                    data-testid="form-title-input"
                  />
                </Form.Item>
                <Form.Item
                  label={t('forms.description')}
                  validateStatus={error('description') ? 'error' : undefined}
                  help={error('description')}
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea
                    autoSize={{ minRows: 2, maxRows: 8 }}
                    value={draft.description}
                    onChange={(event) => change({ description: event.target.value })}
                    data-testid="form-description-input"
                  />
                </Form.Item>
              </Form>
            </Card>
            <Card
              title={t('forms.builder.fields')}
              extra={
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: FORM_FIELD_TYPES.map((type) => ({
                      key: type,
                      label: <span data-testid={`add-field-${type}`}>{t(`forms.fieldTypes.${type}`)}</span>,
                    })),
                    onClick: ({ key }) => addField(key as FormField['type']),
                  }}
                >
                  <Button icon={<PlusOutlined />} data-testid="add-field">
                    {t('forms.builder.addField')}
                  </Button>
                </Dropdown>
              }
            >
              <Flex vertical gap={8} data-testid="field-list">
                {draft.fields.length === 0 && (
                  <Typography.Text type="secondary" data-testid="fields-empty">
                    {t('forms.builder.noFields')}
                  </Typography.Text>
                )}
                {draft.fields.map(fieldCard)}
                {error('fields') && <Typography.Text type="danger">{error('fields')}</Typography.Text>}
              </Flex>
            </Card>
            <Card title={t('forms.builder.settings')}>
              <SettingsEditor value={draft.settings} onChange={(settings) => change({ settings })} errors={errors} />
            </Card>
            <Card title={t('forms.builder.formActions')}>
              <Typography.Paragraph type="secondary">{t('forms.builder.formActionsHint')}</Typography.Paragraph>
              <ActionsEditor
                value={draft.actions}
                onChange={(actions) => change({ actions })}
                choices={choices}
                testId="form-actions"
                errors={errors}
                errorPrefix="actions"
              />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={9}>
          <div style={{ position: 'sticky', top: 16 }}>
            <Typography.Text type="secondary">{t('forms.builder.preview')}</Typography.Text>
            <div
              style={{ ...phoneFrame, width: PREVIEW_WIDTH, maxWidth: '100%', marginTop: 8 }}
              data-testid="form-preview"
            >
              <div style={phoneHeader}>{t('forms.builder.previewBar')}</div>
              <div
                style={{ background: 'var(--ant-color-bg-container)', padding: 16, maxHeight: 640, overflowY: 'auto' }}
              >
                {draft.fields.length === 0 && !draft.title ? (
                  <Typography.Text type="secondary">{t('formPage.previewEmpty')}</Typography.Text>
                ) : (
                  <FormSheet
                    title={draft.title}
                    description={draft.description}
                    fields={draft.fields}
                    values={previewValues}
                    onChange={(key, value) => setPreviewValues((current) => ({ ...current, [key]: value }))}
                    errors={{}}
                  />
                )}
              </div>
            </div>
          </div>
        </Col>
      </Row>
      {dialog}
    </>
  );
}
