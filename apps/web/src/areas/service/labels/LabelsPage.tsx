import { EditOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, theme, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { FolderLayout, FolderSidebar } from '../../../components/folders/FolderSidebar.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { ListSearch } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { friendsPathOf, type Label, type LabelKind } from './label-kind.ts';
import { LabelFormModal } from './LabelFormModal.tsx';
import { LabelMoveModal } from './LabelMoveModal.tsx';
import { useCanEditLabels, useLabelActions, useLabelList } from './useLabels.ts';
import '../../../app/i18n/parts/labels.ts';

const FILTERS = ['q', 'folder_id'] as const;

/** The tags or marks screen: folders beside a searchable, paged table of labels with friend counts. */
export function LabelsPage({ kind }: { kind: LabelKind }) {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const folderId = recordId(filters.folder_id) ?? null;
  const labels = useLabelList(kind, { page, limit, q: filters.q, folder_id: folderId ?? undefined });
  const folders = useFolderList('service', kind.feature);
  const canEdit = useCanEditLabels(kind);
  const { save, move, remove } = useLabelActions(kind);
  const [editing, setEditing] = useState<Label | 'new' | null>(null);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [moving, setMoving] = useState(false);
  const rows: Label[] = labels.data?.data ?? [];
  const selectedRows = rows.filter((label) => selectedIds.includes(label.id));
  const folderName = new Map(folders.map((folder) => [folder.id, folder.name]));
  const noun = t(`${kind.feature}.noun`);

  // The last row of a later page is gone: show the page before it.
  const afterDelete = () => {
    if (rows.length === 1 && page > 1) update({ page: page - 1 });
  };

  const columns: ColumnsType<Label> = [
    {
      title: t('labels.name'),
      key: 'name',
      render: (_, label) => (
        <Space>
          {kind.coloured && label.color && <ColourSwatch colour={label.color} id={label.id} />}
          <Typography.Text data-testid={`label-name-${label.id}`}>{label.name}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('labels.friendCount'),
      key: 'friend_count',
      align: 'right',
      render: (_, label) => (
        <Link
          to={friendsPathOf(kind, label.id)}
          title={t(`${kind.feature}.friendsLink`)}
          data-testid={`label-friends-${label.id}`}
          data-count={label.friend_count}
        >
          {t('labels.friendCountValue', { count: label.friend_count })}
        </Link>
      ),
    },
    {
      title: t('labels.folder'),
      key: 'folder',
      responsive: ['sm'],
      render: (_, label) =>
        label.folder_id === null ? (
          <Typography.Text type="secondary">{t('labels.noFolder')}</Typography.Text>
        ) : (
          <Space size={4} data-testid={`label-folder-${label.id}`}>
            <FolderOutlined />
            {folderName.get(label.folder_id) ?? ''}
          </Space>
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, label) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('common.edit')}
            onClick={() => setEditing(label)}
            data-testid={`row-edit-${label.id}`}
          />
          <ConfirmDeleteButton
            compact
            name={label.name}
            onConfirm={() => remove(label, afterDelete)}
            testIdValue={`row-delete-${label.id}`}
          />
        </Space>
      ),
    });
  }

  const emptyText = filters.q
    ? t(`${kind.feature}.noMatch`)
    : folderId !== null
      ? t(`${kind.feature}.emptyFolder`)
      : t(`${kind.feature}.empty`);

  return (
    <>
      <PageHeader
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid="create-button"
            >
              {t('common.create')}
            </Button>
          )
        }
      />
      <FolderLayout
        sidebar={
          <FolderSidebar
            area="service"
            folderType={kind.feature}
            itemNoun={noun}
            // The deleted folder's labels now have none: the table's folder column must reload.
            onDeleted={() => invalidateEndpoints(kind.api.list)}
          />
        }
      >
        <ResourceTable<Label>
          params={{ page, limit, update }}
          list={labels}
          columns={columns}
          toolbar={
            <>
              <ListSearch
                value={filters.q}
                placeholder={t(`${kind.feature}.searchPlaceholder`)}
                onSearch={(q) => update({ q })}
              />
              {canEdit && selectedRows.length > 0 && (
                <Space wrap>
                  <Typography.Text type="secondary" data-testid="selection-count">
                    {t('labels.selected', { count: selectedRows.length })}
                  </Typography.Text>
                  <Button icon={<FolderOutlined />} onClick={() => setMoving(true)} data-testid="move-button">
                    {t('labels.move')}
                  </Button>
                </Space>
              )}
            </>
          }
          rowTestId={(label) => `label-row-${label.id}`}
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: selectedRows.map((label) => label.id),
                  onChange: (keys) => setSelectedIds(keys.map(Number)),
                  getCheckboxProps: (label) => ({ 'aria-label': label.name }),
                }
              : undefined
          }
          emptyText={emptyText}
          emptyTestId="labels-empty"
          testId="labels-table"
        />
      </FolderLayout>
      {editing && (
        <LabelFormModal
          kind={kind}
          label={editing === 'new' ? undefined : editing}
          folders={folders}
          defaultFolderId={folderId}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {moving && (
        <LabelMoveModal
          count={selectedRows.length}
          folders={folders}
          currentFolderId={folderId}
          onMove={async (target) => {
            await move(selectedRows, target);
            setSelectedIds([]);
          }}
          onClose={() => setMoving(false)}
        />
      )}
    </>
  );
}

/** A mark's colour; the hex code is its accessible name (colour alone carries no meaning to everyone). */
function ColourSwatch({ colour, id }: { colour: string; id: number }) {
  const { token } = theme.useToken();
  return (
    <span
      role="img"
      aria-label={colour}
      title={colour}
      style={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: token.borderRadiusSM,
        background: colour,
        border: `1px solid ${token.colorBorder}`,
        verticalAlign: 'middle',
      }}
      data-testid={`label-color-${id}`}
      data-color={colour}
    />
  );
}
