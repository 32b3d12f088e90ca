import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  MoreOutlined,
  PlusOutlined,
  UpOutlined,
} from '@ant-design/icons';
import type { Folder, FolderType } from '@linq/contract';
import { App, Button, Card, Dropdown, Empty, Flex, Grid, Result, Spin, theme, Typography, type MenuProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { SPINNER_DELAY_MS } from '../../app/config.ts';
import { feedback } from '../../app/feedback.ts';
import { nextListParams } from '../../app/list-params.ts';
import { FolderNameModal } from './FolderNameModal.tsx';
import { folderView } from './folder-cache.ts';
import { folderIdOf } from './folder-state.ts';
import { useCanEditFolders, useFolders, type FolderArea } from './useFolders.ts';
import '../../app/i18n/parts/folders.ts';

/** Below this width (antd's md breakpoint, 768 px) the sidebar sits above the list, folded. */
const useWide = () => Grid.useBreakpoint().md ?? true;
const SIDEBAR_WIDTH = 240;

export interface FolderSidebarProps {
  area: FolderArea;
  folderType: FolderType;
  /** What the folders hold, for the delete note (e.g. "タグ"); "items" when not given. */
  itemNoun?: string;
  /** After a folder is deleted: its items now have no folder, so lists showing them should reload. */
  onDeleted?: (folder: Folder) => unknown;
}

type Dialog = { kind: 'create' } | { kind: 'rename'; folder: Folder } | null;

/**
 * The folders of one type beside a list screen: "all" and each folder to select (mirrored in the
 * folder_id query parameter), and, with the edit level of the type's feature, create, rename,
 * reorder (up/down) and delete. State changes follow the spec's folder rules (folder-state.ts).
 */
export function FolderSidebar({ area, folderType, itemNoun, onDeleted }: FolderSidebarProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const wide = useWide();
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { list: query, state, actions } = useFolders(area, folderType);
  const canEdit = useCanEditFolders(area, folderType);
  const { search } = useLocation();
  const [, setSearchParams] = useSearchParams();
  // The selection follows folder_id in the address; without one, "all" is selected.
  const { folders, selected, total } = folderView(state, search);
  const urlFolderId = folderIdOf(search);
  const loaded = query.isSuccess && !query.isFetching;

  const select = (id: number | null, replace = false) => {
    setSearchParams((params) => nextListParams<'folder_id'>(params, { folder_id: id ?? undefined }), { replace });
    setExpanded(false);
  };

  // A folder_id naming no folder of this type (deleted, or another channel's) falls back to "all".
  const unknownFolder =
    loaded && urlFolderId !== null && folders.length >= total && !folders.some((f) => f.id === urlFolderId);
  useEffect(() => {
    if (unknownFolder)
      setSearchParams((params) => nextListParams<'folder_id'>(params, { folder_id: undefined }), { replace: true });
  }, [unknownFolder, setSearchParams]);

  const create = async (name: string) => {
    const answer = await actions.create(name);
    feedback.notifySuccess(t('folders.created'));
    select(answer.data.id);
  };

  const rename = async (folder: Folder, name: string) => {
    await actions.rename(folder, name);
    feedback.notifySuccess(t('folders.renamed'));
  };

  const confirmDelete = (folder: Folder) =>
    modal.confirm({
      title: t('folders.deleteTitle', { name: folder.name }),
      content: t('folders.deleteNote', { items: itemNoun ?? t('folders.items') }),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'folder-delete-ok' },
      cancelButtonProps: { 'data-testid': 'folder-delete-cancel' },
      onOk: async () => {
        try {
          await actions.remove(folder);
        } catch {
          // Reported by the request layer (e.g. already deleted elsewhere): show what is there now.
          await actions.load();
          return;
        }
        feedback.notifySuccess(t('folders.deleted'));
        if (urlFolderId === folder.id) select(null, true);
        await onDeleted?.(folder);
      },
    });

  const menuOf = (folder: Folder, index: number): MenuProps => ({
    items: [
      {
        key: 'rename',
        icon: <EditOutlined />,
        label: <span data-testid={`folder-rename-${folder.id}`}>{t('folders.rename')}</span>,
      },
      {
        key: 'up',
        icon: <ArrowUpOutlined />,
        disabled: index === 0,
        label: <span data-testid={`folder-up-${folder.id}`}>{t('folders.moveUp')}</span>,
      },
      {
        key: 'down',
        icon: <ArrowDownOutlined />,
        disabled: index === folders.length - 1,
        label: <span data-testid={`folder-down-${folder.id}`}>{t('folders.moveDown')}</span>,
      },
      { type: 'divider' },
      {
        key: 'delete',
        icon: <DeleteOutlined />,
        danger: true,
        label: <span data-testid={`folder-delete-${folder.id}`}>{t('folders.delete')}</span>,
      },
    ],
    onClick: ({ key }) => {
      if (key === 'rename') setDialog({ kind: 'rename', folder });
      else if (key === 'delete') confirmDelete(folder);
      // Failures are reported by the request layer; the list is fetched again either way.
      else void actions.move(folder.id, key === 'up' ? -1 : 1).catch(() => undefined);
    },
  });

  const list = (
    <FolderList loading={query.isFetching}>
      <FolderItem
        label={t('folders.all')}
        selected={selected === null}
        onSelect={() => select(null)}
        testId="folder-all"
      />
      {folders.map((folder, index) => (
        <FolderItem
          key={folder.id}
          label={folder.name}
          selected={selected?.id === folder.id}
          onSelect={() => select(folder.id)}
          testId={`folder-${folder.id}`}
          menu={canEdit ? menuOf(folder, index) : undefined}
          menuLabel={t('folders.actions', { name: folder.name })}
        />
      ))}
    </FolderList>
  );

  const listState = (
    <>
      {query.isError && (
        <Result
          status="warning"
          title={t('folders.loadFailed')}
          extra={<Button onClick={() => void actions.load()}>{t('common.retry')}</Button>}
          style={{ padding: 16 }}
        />
      )}
      {loaded && folders.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('folders.empty')} style={{ margin: '8px 0' }} />
      )}
      {folders.length < total && (
        <Button type="link" onClick={() => void actions.loadMore()} data-testid="folder-load-more">
          {t('folders.loadMore')}
        </Button>
      )}
    </>
  );

  const addButton = canEdit && (
    <Button
      size="small"
      icon={<PlusOutlined />}
      aria-label={t('folders.add')}
      title={t('folders.add')}
      onClick={() => setDialog({ kind: 'create' })}
      data-testid="folder-create"
    />
  );

  return (
    <Card
      size="small"
      title={
        wide ? (
          t('folders.title')
        ) : (
          <Button
            type="text"
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            iconPlacement="end"
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
            style={{ paddingInline: 0, maxWidth: '100%' }}
            data-testid="folder-toggle"
          >
            <Typography.Text ellipsis>
              {t('folders.current', { name: selected?.name ?? t('folders.all') })}
            </Typography.Text>
          </Button>
        )
      }
      extra={addButton}
      styles={{ body: { padding: wide || expanded ? 8 : 0 } }}
      data-testid="folder-sidebar"
    >
      {(wide || expanded) && (
        <div data-testid="folder-list">
          {list}
          {listState}
        </div>
      )}
      {dialog && (
        <FolderNameModal
          title={dialog.kind === 'create' ? t('folders.createTitle') : t('folders.renameTitle')}
          initialName={dialog.kind === 'rename' ? dialog.folder.name : ''}
          onSubmit={(name) => (dialog.kind === 'create' ? create(name) : rename(dialog.folder, name))}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

function FolderList({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Spin spinning={loading} delay={SPINNER_DELAY_MS}>
      <Flex vertical gap={2} role="list">
        {children}
      </Flex>
    </Spin>
  );
}

interface FolderItemProps {
  label: string;
  selected: boolean;
  onSelect: () => void;
  testId: string;
  menu?: MenuProps;
  menuLabel?: string;
}

/** One folder: a button that selects it and, for editors, a menu of its actions (keyboard-usable). */
function FolderItem({ label, selected, onSelect, testId, menu, menuLabel }: FolderItemProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      role="listitem"
      align="center"
      gap={2}
      style={{ borderRadius: token.borderRadius, background: selected ? token.controlItemBgActive : undefined }}
      data-testid={testId}
      data-selected={selected}
    >
      <Button
        type="text"
        icon={selected ? <FolderOpenOutlined /> : <FolderOutlined />}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', color: selected ? token.colorPrimary : undefined }}
        data-testid={`${testId}-select`}
      >
        <Typography.Text ellipsis style={{ color: 'inherit' }}>
          {label}
        </Typography.Text>
      </Button>
      {menu && (
        <Dropdown menu={menu} trigger={['click']} autoFocus>
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={menuLabel}
            data-testid={`${testId}-menu`}
          />
        </Dropdown>
      )}
    </Flex>
  );
}

/** A foldered screen: the folder sidebar to the left of its content, or above it below 768 px. */
export function FolderLayout({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  const wide = useWide();
  if (!wide) {
    return (
      <Flex vertical gap={12}>
        {sidebar}
        {children}
      </Flex>
    );
  }
  return (
    <Flex gap={16} align="flex-start">
      <div style={{ width: SIDEBAR_WIDTH, flex: 'none' }}>{sidebar}</div>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Flex>
  );
}
