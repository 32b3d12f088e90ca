import { SaveOutlined } from '@ant-design/icons';
import {
  emptyMessage,
  TEMPLATE_NAME_MAX,
  toSavePayload,
  type BuilderMessage,
  type MessageTemplateState,
  type MessageType,
  type TemplateDetail,
  type ValidationErrors,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Grid, Input, Result, Row, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Navigate, useNavigate } from '../../app/navigation.tsx';
import { call } from '../../app/api/call.ts';
import { isApiError } from '../../app/api/errors.ts';
import { feedback } from '../../app/feedback.ts';
import { useFolderList } from '../folders/useFolders.ts';
import { useLeaveGuard } from '../LeaveGuard.tsx';
import { LoadState, recordId } from '../LoadState.tsx';
import { hasBlockingIssues, MessageBuilder, MessagePreview } from '../message-builder/index.ts';
import { PageHeader } from '../PageHeader.tsx';
import { FolderSelect } from '../folders/FolderSelect.tsx';
import { editPathOf, listPathOf, messageTypeOf, type TemplateKind } from './template-kind.ts';
import { snapshotOf, splitSaveErrors, templateStateOf } from './template-editing.ts';
import { UnknownTemplateType } from './template-parts.tsx';
import {
  templateDetailQuery,
  templatesChanged,
  uploadTemplateImage,
  useInfoFieldOptions,
  useTemplatePermissions,
} from './useTemplates.ts';
import '../../app/i18n/parts/templates.ts';

/** /…/templates/:message_type/create and /edit/:id: one editor for a new or a saved template. */
export function TemplateEditorPage({ kind }: { kind: TemplateKind }) {
  const params = useParams();
  const type = messageTypeOf(params.message_type);
  if (!type) return <UnknownTemplateType kind={kind} />;
  if (params.id === undefined) return <NewTemplate kind={kind} type={type} />;
  return <SavedTemplate kind={kind} type={type} id={recordId(params.id) ?? 0} />;
}

function NewTemplate({ kind, type }: { kind: TemplateKind; type: MessageType }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { canEdit } = useTemplatePermissions(kind);
  if (!canEdit) {
    return (
      <>
        <PageHeader backTo={listPathOf(kind, type)} />
        <Result status="403" title="403" subTitle={t('errors.forbiddenFeature')} data-testid="forbidden" />
      </>
    );
  }
  const initial: MessageTemplateState = {
    id: null,
    message: emptyMessage(type),
    // A new template goes into the folder selected on the list.
    template: { name: '', folder_id: recordId(searchParams.get('folder_id') ?? undefined) ?? null },
  };
  return <TemplateEditor key={type} kind={kind} type={type} initial={initial} />;
}

function SavedTemplate({ kind, type, id }: { kind: TemplateKind; type: MessageType; id: number }) {
  const detail = useQuery({ ...templateDetailQuery(kind, id), enabled: id > 0 });
  const data = detail.data;
  if (!data) {
    return (
      <>
        <PageHeader backTo={listPathOf(kind, type)} />
        <Card>
          <LoadState
            error={detail.error}
            invalidId={id === 0}
            backTo={listPathOf(kind, type)}
            onRetry={() => void detail.refetch()}
          />
        </Card>
      </>
    );
  }
  // An address with another type than the template's: show it under its own type.
  if (data.plan.message_type !== type) return <Navigate to={editPathOf(kind, data.plan.message_type, id)} replace />;
  return <TemplateEditor key={id} kind={kind} type={type} initial={templateStateOf(data)} />;
}

interface TemplateFormValues {
  name: string;
  folder_id: number | null;
}

interface TemplateEditorProps {
  kind: TemplateKind;
  type: MessageType;
  initial: MessageTemplateState;
}

/**
 * Name, folder and the message builder on the left, the LINE-like preview on the right (below it
 * under 768 px). Saving is refused while the message breaks a LINE rule; the server's 422 messages
 * go onto the fields they name. Leaving with unsaved changes asks first.
 */
function TemplateEditor({ kind, type, initial }: TemplateEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().md ?? true;
  const { canEdit } = useTemplatePermissions(kind);
  const infoFields = useInfoFieldOptions(kind);
  const folders = useFolderList(kind.area, 'templates');
  const [form] = Form.useForm<TemplateFormValues>();
  const [state, setState] = useState(initial);
  const [saved, setSaved] = useState(() => snapshotOf(initial));
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<ValidationErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const blocked = hasBlockingIssues(state.message);
  // Like the builder, a new message untouched so far is not called wrong (saving still waits for it).
  const showBlocked = blocked && (state.id !== null || state.message !== initial.message);
  const dirty = canEdit && snapshotOf(state) !== saved;
  const leaveGuard = useLeaveGuard(dirty);

  const setMessage = (message: BuilderMessage) => setState((current) => ({ ...current, message }));

  // The builder shows why an image was refused next to its upload button.
  const uploadImage = useCallback((file: File) => uploadTemplateImage(kind, file), [kind]);

  /** The server's answer becomes what is edited and what "unsaved" compares with. */
  const adopt = (answer: TemplateDetail) => {
    const next = templateStateOf(answer);
    setState(next);
    setSaved(snapshotOf(next));
    form.setFieldsValue(next.template);
  };

  const showSaveErrors = (errors: ValidationErrors) => {
    const split = splitSaveErrors(errors);
    form.setFields([
      { name: 'name', errors: split.name },
      { name: 'folder_id', errors: split.folder },
    ]);
    setServerErrors(split.message);
    setOtherErrors(split.others);
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      const body = toSavePayload(state);
      const answer =
        state.id === null
          ? await call(kind.api.create, { body }, { handles: [422] })
          : await call(kind.api.update, { params: { id: state.id }, body }, { handles: [422] });
      await templatesChanged(kind, answer);
      if (state.id === null) {
        feedback.notifySuccess(t('common.created'));
        // Reloading the address then shows the saved template.
        leaveGuard.allowLeave();
        await navigate(editPathOf(kind, type, answer.plan.id), { replace: true });
      } else {
        feedback.notifySuccess(t('common.saved'));
        adopt(answer);
      }
    } catch (error) {
      if (isApiError(error, 422) && error.fieldErrors) showSaveErrors(error.fieldErrors);
      else if (isApiError(error, 422)) setOtherErrors([error.message]);
      else if (!isApiError(error) && error instanceof Error) feedback.toastError(error.message);
    } finally {
      setSaving(false);
    }
  };

  const saveButton = canEdit && (
    <Space wrap>
      {showBlocked && (
        <Typography.Text type="danger" data-testid="template-save-blocked">
          {t('templates.saveBlocked')}
        </Typography.Text>
      )}
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={saving}
        disabled={blocked}
        onClick={() => void save()}
        data-testid="template-save"
      >
        {t('common.save')}
      </Button>
    </Space>
  );

  const preview = (
    <Card size="small" title={t('templates.preview')} data-testid="template-preview">
      <MessagePreview message={state.message} infoFields={infoFields} />
    </Card>
  );

  return (
    <>
      <PageHeader backTo={listPathOf(kind, type, state.template.folder_id)} extra={saveButton} />
      {!canEdit && <Alert type="info" showIcon title={t('templates.viewOnly')} style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]} align="stretch">
        <Col xs={24} md={14} xl={15}>
          <Card>
            <Form<TemplateFormValues>
              form={form}
              layout="vertical"
              initialValues={initial.template}
              disabled={!canEdit}
              onValuesChange={(_, values) =>
                setState((current) => ({
                  ...current,
                  template: { name: values.name ?? '', folder_id: values.folder_id ?? null },
                }))
              }
            >
              <Row gutter={16}>
                <Col xs={24} lg={14}>
                  <Form.Item
                    name="name"
                    label={t('templates.name')}
                    rules={[
                      { required: true, whitespace: true, message: t('templates.nameRequired') },
                      { max: TEMPLATE_NAME_MAX, message: t('templates.nameTooLong', { max: TEMPLATE_NAME_MAX }) },
                    ]}
                  >
                    <Input
                      maxLength={TEMPLATE_NAME_MAX}
                      showCount
                      placeholder={t('templates.namePlaceholder')}
                      data-testid="template-name"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={10}>
                  <Form.Item name="folder_id" label={t('templates.folder')}>
                    <FolderSelect folders={folders} testId="template-folder" />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
            {otherErrors.length > 0 && (
              <Alert
                type="error"
                showIcon
                title={otherErrors.join(' ')}
                style={{ marginBottom: 16 }}
                data-testid="form-error"
              />
            )}
            <MessageBuilder
              value={state.message}
              onChange={setMessage}
              uploadImage={uploadImage}
              infoFields={infoFields}
              serverErrors={serverErrors}
              disabled={!canEdit}
            />
          </Card>
        </Col>
        <Col xs={24} md={10} xl={9}>
          {/* Sticky beside the builder on wide screens, so the preview stays in view while editing. */}
          <div style={wide ? { position: 'sticky', top: 16 } : undefined}>{preview}</div>
        </Col>
      </Row>
      {leaveGuard.dialog}
    </>
  );
}
