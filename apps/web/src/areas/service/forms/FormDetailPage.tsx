import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import type { Form } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback.ts';
import { useNavigate } from '../../../app/navigation.tsx';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { AnswersTable } from './AnswersTable.tsx';
import { FormBuilder } from './builder/FormBuilder.tsx';
import { FormStateTag } from './form-parts.tsx';
import { AnswersCsvButton, HistoryPanel, SummaryPanel } from './FormPanels.tsx';
import { FORM_TABS, formPath, FORMS_PATH, publicFormUrl, type FormTab } from './paths.ts';
import { copyForm, formQuery, removeForm, useCanEditForms, useCanExport } from './useForms.ts';
import '../../../app/i18n/parts/forms.ts';

/**
 * /service/forms/:id: a form's answers (the default tab; `?answer=` opens one), per-question
 * summaries, the builder (edit tab) and the history of its changes.
 */
export default function FormDetailPage() {
  const param = useParams().id;
  const id = recordId(param);
  const form = useQuery({ ...formQuery(id ?? 0), enabled: id !== undefined });
  if (!form.data) {
    return (
      <>
        <PageHeader backTo={FORMS_PATH} />
        <LoadState
          error={form.error}
          invalidId={id === undefined}
          backTo={FORMS_PATH}
          onRetry={() => void form.refetch()}
        />
      </>
    );
  }
  return <FormDetail key={form.data.data.id} form={form.data.data} />;
}

function FormDetail({ form }: { form: Form }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCanEditForms();
  const canExport = useCanExport();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = FORM_TABS.find((tab) => tab === searchParams.get('tab')) ?? 'answers';
  const tab: FormTab = requested === 'edit' && !canEdit ? 'answers' : requested;
  const setTab = (next: string) =>
    setSearchParams(
      (params) => {
        const changed = new URLSearchParams(params);
        if (next === 'answers') changed.delete('tab');
        else changed.set('tab', next);
        changed.delete('answer');
        return changed;
      },
      { replace: true },
    );
  const publicUrl = form.public_path ? publicFormUrl(form.public_path) : null;

  const copy = async () => {
    const created = await copyForm(form.id);
    feedback.notifySuccess(t('forms.copied', { name: created.name }));
    void navigate(formPath(created.id, 'edit'));
  };
  const remove = async () => {
    await removeForm(form.id);
    void navigate(FORMS_PATH);
  };

  return (
    <>
      <PageHeader
        backTo={FORMS_PATH}
        extra={
          canEdit && (
            <>
              <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="form-copy">
                {t('forms.copy')}
              </Button>
              <ConfirmDeleteButton
                name={form.name}
                description={
                  form.answer_count > 0 ? t('forms.deleteLosesAnswers', { count: form.answer_count }) : undefined
                }
                onConfirm={remove}
                testIdValue="form-delete"
              />
            </>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'name', label: t('forms.name'), children: <span data-testid="form-detail-name">{form.name}</span> },
            { key: 'title', label: t('forms.title'), children: form.title },
            { key: 'state', label: t('forms.state'), children: <FormStateTag form={form} /> },
            {
              key: 'answers',
              label: t('forms.answerCount'),
              children: <span data-testid="form-detail-answer-count">{form.answer_count.toLocaleString()}</span>,
            },
            { key: 'updated', label: t('forms.updatedAt'), children: formatDateTime(form.updated_at) },
            {
              key: 'link',
              label: t('forms.howToSend'),
              children: (
                <Typography.Text type="secondary">
                  <LinkOutlined /> {t('forms.howToSendHint')}
                </Typography.Text>
              ),
            },
            ...(publicUrl
              ? [
                  {
                    key: 'public',
                    label: t('forms.publicUrl'),
                    children: (
                      <Typography.Text copyable data-testid="form-public-url">
                        {publicUrl}
                      </Typography.Text>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'answers',
            label: t('forms.tabs.answers'),
            children: <AnswersTable formId={form.id} extra={canExport && <AnswersCsvButton form={form} />} />,
          },
          { key: 'summary', label: t('forms.tabs.summary'), children: <SummaryPanel form={form} /> },
          ...(canEdit
            ? [
                {
                  key: 'edit',
                  label: t('forms.tabs.edit'),
                  children: <FormBuilder form={form} folderId={form.folder_id} onSaved={() => undefined} />,
                },
              ]
            : []),
          { key: 'history', label: t('forms.tabs.history'), children: <HistoryPanel form={form} /> },
        ]}
        data-testid="form-tabs"
      />
    </>
  );
}
