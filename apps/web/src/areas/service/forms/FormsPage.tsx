import { CopyOutlined, EditOutlined, FolderOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formsApi, type Form } from '@linq/contract';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { FolderLayout, FolderSidebar } from '../../../components/folders/FolderSidebar.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { CreateButton, ListSearch } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { FormStateTag } from './form-parts.tsx';
import { createFormPath, formPath, SERVICE_FORM_PATH } from './paths.ts';
import { copyForm, removeForm, useCanEditForms, useFormList } from './useForms.ts';
import '../../../app/i18n/parts/forms.ts';

const FILTERS = ['name', 'folder_id'] as const;

/**
 * /service/forms: the channel's answer forms in folders, searchable by name or title, with answer
 * counts and whether each takes answers now; copy, and delete (saying how many answers go with it).
 */
export default function FormsPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const folderId = recordId(filters.folder_id) ?? null;
  const forms = useFormList({ page, limit, name: filters.name, folder_id: folderId ?? undefined });
  const folders = useFolderList('service', 'forms');
  const canEdit = useCanEditForms();
  const [busy, setBusy] = useState<number | null>(null);
  const rows = forms.data?.data ?? [];
  const folderName = (id: number) => folders.find((folder) => folder.id === id)?.name ?? t('forms.noFolder');

  const copy = async (form: Form) => {
    setBusy(form.id);
    try {
      const created = await copyForm(form.id);
      feedback.notifySuccess(t('forms.copied', { name: created.name }));
    } catch (error) {
      if (isApiError(error) && [409, 422].includes(error.status)) feedback.toastError(error.message);
    } finally {
      setBusy(null);
    }
  };
  const remove = async (form: Form) => {
    await removeForm(form.id);
    if (rows.length === 1 && page > 1) update({ page: page - 1 });
  };

  const columns: ColumnsType<Form> = [
    {
      title: t('forms.name'),
      key: 'name',
      render: (_, form) => (
        <Space direction="vertical" size={0}>
          <Link to={formPath(form.id)} data-testid={`form-name-${form.id}`}>
            {form.name}
          </Link>
          {form.folder_id !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <FolderOutlined /> {folderName(form.folder_id)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('forms.title'), key: 'title', dataIndex: 'title', responsive: ['md'] },
    {
      title: t('forms.answerCount'),
      key: 'answer_count',
      align: 'right',
      render: (_, form) => (
        <Link to={formPath(form.id)} data-testid={`form-answer-count-${form.id}`}>
          {form.answer_count.toLocaleString()}
        </Link>
      ),
    },
    { title: t('forms.state'), key: 'state', render: (_, form) => <FormStateTag form={form} /> },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, form) => (
        <Space size={4}>
          <Tooltip title={t('common.edit')}>
            <Link to={formPath(form.id, 'edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                data-testid={`row-edit-${form.id}`}
              />
            </Link>
          </Tooltip>
          <Tooltip title={t('forms.copy')}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('forms.copy')}
              loading={busy === form.id}
              onClick={() => void copy(form)}
              data-testid={`row-copy-${form.id}`}
            />
          </Tooltip>
          <ConfirmDeleteButton
            compact
            name={form.name}
            description={
              form.answer_count > 0 ? t('forms.deleteLosesAnswers', { count: form.answer_count }) : undefined
            }
            onConfirm={() => remove(form)}
            testIdValue={`row-delete-${form.id}`}
          />
        </Space>
      ),
    });
  }

  const emptyText = filters.name ? t('forms.noMatch') : folderId !== null ? t('forms.emptyFolder') : t('forms.empty');

  return (
    <>
      <PageHeader
        extra={
          <>
            <Link to={SERVICE_FORM_PATH}>
              <Button icon={<UnorderedListOutlined />} data-testid="all-answers-link">
                {t('forms.allAnswers')}
              </Button>
            </Link>
            {canEdit && <CreateButton to={createFormPath(folderId)} />}
          </>
        }
      />
      <FolderLayout
        sidebar={
          <FolderSidebar
            area="service"
            folderType="forms"
            itemNoun={t('forms.noun')}
            onDeleted={() => invalidateEndpoints(formsApi.list)}
          />
        }
      >
        <ResourceTable<Form>
          params={{ page, limit, update }}
          list={forms}
          columns={columns}
          toolbar={
            <ListSearch
              value={filters.name}
              placeholder={t('forms.searchPlaceholder')}
              onSearch={(name) => update({ name })}
            />
          }
          rowTestId={(form) => `form-row-${form.id}`}
          emptyText={emptyText}
          emptyTestId="forms-empty"
          failedTestId="forms-load-failed"
          testId="forms-table"
        />
      </FolderLayout>
    </>
  );
}
