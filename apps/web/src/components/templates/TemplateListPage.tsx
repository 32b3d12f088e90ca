import { AppstoreAddOutlined, CopyOutlined, EditOutlined, FolderOutlined, SendOutlined } from '@ant-design/icons';
import type { MessageType, TemplateListItem } from '@linq/contract';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link, useNavigate } from '../../app/navigation.tsx';
import { invalidateEndpoints } from '../../app/api/queries.ts';
import { ConfirmDeleteButton } from '../ConfirmDeleteButton.tsx';
import { FolderLayout, FolderSidebar } from '../folders/FolderSidebar.tsx';
import { useFolderList } from '../folders/useFolders.ts';
import { formatDateTime } from '../format.ts';
import { CreateButton, ListSearch } from '../ListParts.tsx';
import { recordId } from '../LoadState.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { ResourceTable } from '../ResourceTable.tsx';
import { useListParams } from '../useListParams.ts';
import { SendTestModal } from './SendTestModal.tsx';
import { createPathOf, editPathOf, listPathOf, messageTypeOf, type TemplateKind } from './template-kind.ts';
import { MessageTypeTabs, PreviewPopover, UnknownTemplateType, useCopiedNotice } from './template-parts.tsx';
import { TeppanDrawer } from './TeppanDrawer.tsx';
import { copyTemplate, removeTemplate, useTemplateList, useTemplatePermissions } from './useTemplates.ts';
import '../../app/i18n/parts/templates.ts';

const FILTERS = ['name', 'folder_id'] as const;

/** /…/templates/:message_type: the templates of one message type; an unknown type is not found. */
export function TemplateListPage({ kind }: { kind: TemplateKind }) {
  const type = messageTypeOf(useParams().message_type);
  return type ? <TemplateList kind={kind} type={type} /> : <UnknownTemplateType kind={kind} />;
}

/**
 * Message-type tabs above folders beside a searchable, paged table of templates with a preview,
 * and the row actions the user may use: edit, copy, send test and delete.
 */
function TemplateList({ kind, type }: { kind: TemplateKind; type: MessageType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const folderId = recordId(filters.folder_id) ?? null;
  const templates = useTemplateList(kind, {
    message_type: type,
    page,
    limit,
    name: filters.name,
    folder_id: folderId ?? undefined,
  });
  const folders = useFolderList(kind.area, 'templates');
  const { canEdit, canSendTest } = useTemplatePermissions(kind);
  const notifyCopied = useCopiedNotice();
  const [sending, setSending] = useState<TemplateListItem | null>(null);
  const [browsingTeppan, setBrowsingTeppan] = useState(false);
  const [copying, setCopying] = useState<number | null>(null);
  const rows = templates.data?.data ?? [];
  const folderName = (id: number | null) =>
    (id !== null && folders.find((folder) => folder.id === id)?.name) || t('templates.noFolder');

  const remove = async (template: TemplateListItem) => {
    await removeTemplate(kind, template.id);
    // The last row of a later page is gone: show the page before it.
    if (rows.length === 1 && page > 1) update({ page: page - 1 });
  };

  const copy = async (template: TemplateListItem) => {
    setCopying(template.id);
    try {
      const copied = await copyTemplate(kind, template.id);
      notifyCopied(
        t('templates.copied', { name: copied.plan.name }),
        editPathOf(kind, copied.plan.message_type, copied.plan.id),
      );
    } catch {
      // Reported by the request layer.
    } finally {
      setCopying(null);
    }
  };

  const columns: ColumnsType<TemplateListItem> = [
    {
      title: t('templates.name'),
      key: 'name',
      render: (_, template) => (
        <Space size={8}>
          <PreviewPopover name={template.name} message={template.message} testId={`template-preview-${template.id}`} />
          {canEdit ? (
            <Link to={editPathOf(kind, type, template.id)} data-testid={`template-name-${template.id}`}>
              {template.name}
            </Link>
          ) : (
            <Typography.Text data-testid={`template-name-${template.id}`}>{template.name}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('templates.folder'),
      key: 'folder',
      responsive: ['sm'],
      render: (_, template) =>
        template.folder_id === null ? (
          <Typography.Text type="secondary">{t('templates.noFolder')}</Typography.Text>
        ) : (
          <Space size={4} data-testid={`template-folder-${template.id}`}>
            <FolderOutlined />
            {template.folder_name ?? folderName(template.folder_id)}
          </Space>
        ),
    },
    {
      title: t('templates.updatedAt'),
      key: 'updated_at',
      responsive: ['md'],
      render: (_, template) => formatDateTime(template.updated_at),
    },
  ];
  if (canEdit || canSendTest) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, template) => (
        <Space size={4}>
          {canEdit && (
            <Tooltip title={t('common.edit')}>
              <Link to={editPathOf(kind, type, template.id)}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('common.edit')}
                  data-testid={`row-edit-${template.id}`}
                />
              </Link>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title={t('templates.copy')}>
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('templates.copy')}
                loading={copying === template.id}
                onClick={() => void copy(template)}
                data-testid={`row-copy-${template.id}`}
              />
            </Tooltip>
          )}
          {canSendTest && (
            <Tooltip title={t('templates.sendTest')}>
              <Button
                size="small"
                icon={<SendOutlined />}
                aria-label={t('templates.sendTest')}
                onClick={() => setSending(template)}
                data-testid={`row-send-test-${template.id}`}
              />
            </Tooltip>
          )}
          {canEdit && (
            <ConfirmDeleteButton
              compact
              name={template.name}
              onConfirm={() => remove(template)}
              testIdValue={`row-delete-${template.id}`}
            />
          )}
        </Space>
      ),
    });
  }

  const emptyText = filters.name
    ? t(`${kind.section}.noMatch`)
    : folderId !== null
      ? t(`${kind.section}.emptyFolder`)
      : t(`${kind.section}.empty`);

  return (
    <>
      <PageHeader
        extra={
          canEdit && (
            <>
              {kind.channel && (
                <Button
                  icon={<AppstoreAddOutlined />}
                  onClick={() => setBrowsingTeppan(true)}
                  data-testid="teppan-open"
                >
                  {t('templates.fromTeppan')}
                </Button>
              )}
              <CreateButton to={createPathOf(kind, type, folderId)} />
            </>
          )
        }
      />
      <MessageTypeTabs type={type} onChange={(next) => void navigate(listPathOf(kind, next, folderId))} />
      <FolderLayout
        sidebar={
          <FolderSidebar
            area={kind.area}
            folderType="templates"
            itemNoun={t(`${kind.section}.noun`)}
            // The deleted folder's templates now have none: the table's folder column must reload.
            onDeleted={() => invalidateEndpoints(kind.api.list)}
          />
        }
      >
        <ResourceTable<TemplateListItem>
          params={{ page, limit, update }}
          list={templates}
          columns={columns}
          toolbar={
            <ListSearch
              value={filters.name}
              placeholder={t(`${kind.section}.searchPlaceholder`)}
              onSearch={(name) => update({ name })}
            />
          }
          rowTestId={(template) => `template-row-${template.id}`}
          emptyText={emptyText}
          emptyTestId="templates-empty"
          failedTestId="templates-load-failed"
          testId="templates-table"
        />
      </FolderLayout>
      {sending && <SendTestModal template={sending} onClose={() => setSending(null)} />}
      {browsingTeppan && (
        <TeppanDrawer
          type={type}
          folderId={folderId}
          folderName={folderName(folderId)}
          onClose={() => setBrowsingTeppan(false)}
        />
      )}
    </>
  );
}
