import { CopyOutlined, EditOutlined, FolderOutlined, OrderedListOutlined, ReloadOutlined } from '@ant-design/icons';
import { richMenusApi, type RichMenu } from '@linq/contract';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
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
import { createRichMenuPath, editRichMenuPath, richMenuImageSrc } from './paths.ts';
import { RichMenuRulesDrawer } from './RichMenuRulesDrawer.tsx';
import { PublishState } from './rich-menu-parts.tsx';
import { copyRichMenu, publishRichMenu, removeRichMenu, useCanEditRichMenus, useRichMenuList } from './useRichMenus.ts';
import '../../../app/i18n/parts/rich-menus.ts';

const FILTERS = ['name', 'folder_id'] as const;

/** A refusal the caller handles (409/422) is shown as a toast with the server's reason. */
export function reportRefusal(error: unknown): void {
  if (isApiError(error) && [409, 422].includes(error.status)) feedback.toastError(error.message);
}

/**
 * /service/rich-menu: the channel's rich menus in folders, searchable, with where each is shown, its
 * taps and publish state (a failed publish says why and can be retried); copy, delete, and the
 * display rules (who sees which menu).
 */
export default function RichMenusPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const folderId = recordId(filters.folder_id) ?? null;
  const menus = useRichMenuList({ page, limit, name: filters.name, folder_id: folderId ?? undefined });
  const folders = useFolderList('service', 'rich_menus');
  const canEdit = useCanEditRichMenus();
  const [busy, setBusy] = useState<number | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const rows = menus.data?.data ?? [];
  const folderName = (id: number) => folders.find((folder) => folder.id === id)?.name ?? t('richMenus.noFolder');

  const act = async (menu: RichMenu, task: () => Promise<unknown>) => {
    setBusy(menu.id);
    try {
      await task();
    } catch (error) {
      reportRefusal(error);
    } finally {
      setBusy(null);
    }
  };
  const remove = async (menu: RichMenu) => {
    try {
      await removeRichMenu(menu.id);
    } catch (error) {
      reportRefusal(error);
      throw error;
    }
    if (rows.length === 1 && page > 1) update({ page: page - 1 });
  };

  const columns: ColumnsType<RichMenu> = [
    {
      title: t('richMenus.image'),
      key: 'image',
      width: 120,
      render: (_, menu) =>
        menu.image_url ? (
          <img
            src={richMenuImageSrc(menu.image_url)}
            alt={t('richMenus.thumbnail', { name: menu.name })}
            style={{ width: 100, borderRadius: 4, display: 'block' }}
            data-testid={`rich-menu-thumbnail-${menu.id}`}
          />
        ) : (
          <Typography.Text type="secondary">{t('richMenus.noImage')}</Typography.Text>
        ),
    },
    {
      title: t('richMenus.name'),
      key: 'name',
      render: (_, menu) => (
        <Space direction="vertical" size={0}>
          {canEdit ? (
            <Link to={editRichMenuPath(menu.id)} data-testid={`rich-menu-name-${menu.id}`}>
              {menu.name}
            </Link>
          ) : (
            <Typography.Text data-testid={`rich-menu-name-${menu.id}`}>{menu.name}</Typography.Text>
          )}
          {menu.folder_id !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <FolderOutlined /> {folderName(menu.folder_id)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('richMenus.chatBarText'), key: 'chat_bar_text', responsive: ['md'], dataIndex: 'chat_bar_text' },
    {
      title: t('richMenus.shownAt'),
      key: 'shown_at',
      render: (_, { id, shown_at: shown }) => (
        <Space size={4} wrap data-testid={`rich-menu-shown-${id}`}>
          {shown.is_default && <Tag color="blue">{t('richMenus.shownDefault')}</Tag>}
          {shown.rule_count > 0 && <Tag>{t('richMenus.shownRules', { count: shown.rule_count })}</Tag>}
          {shown.personal_friend_count > 0 && (
            <Tag>{t('richMenus.shownFriends', { count: shown.personal_friend_count })}</Tag>
          )}
          {!shown.is_default && shown.rule_count === 0 && shown.personal_friend_count === 0 && (
            <Typography.Text type="secondary">{t('richMenus.shownNowhere')}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('richMenus.taps'),
      key: 'taps',
      responsive: ['lg'],
      render: (_, menu) => (
        <span data-testid={`rich-menu-taps-${menu.id}`}>
          {menu.areas.reduce((sum, area) => sum + area.tap_count, 0).toLocaleString()}
        </span>
      ),
    },
    {
      title: t('richMenus.state'),
      key: 'state',
      render: (_, menu) => (
        <Space size={4}>
          <PublishState menu={menu} />
          {canEdit && menu.publish_state === 'failed' && (
            <Tooltip title={t('richMenus.retry')}>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                aria-label={t('richMenus.retry')}
                loading={busy === menu.id}
                onClick={() => void act(menu, () => publishRichMenu(menu.id))}
                data-testid={`rich-menu-retry-${menu.id}`}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, menu) => (
        <Space size={4}>
          <Tooltip title={t('common.edit')}>
            <Link to={editRichMenuPath(menu.id)}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                data-testid={`row-edit-${menu.id}`}
              />
            </Link>
          </Tooltip>
          <Tooltip title={t('richMenus.copy')}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('richMenus.copy')}
              loading={busy === menu.id}
              onClick={() =>
                void act(menu, async () => {
                  const copy = await copyRichMenu(menu.id);
                  feedback.notifySuccess(t('richMenus.copied', { name: copy.name }));
                })
              }
              data-testid={`row-copy-${menu.id}`}
            />
          </Tooltip>
          <ConfirmDeleteButton
            compact
            name={menu.name}
            onConfirm={() => remove(menu)}
            testIdValue={`row-delete-${menu.id}`}
          />
        </Space>
      ),
    });
  }

  const emptyText = filters.name
    ? t('richMenus.noMatch')
    : folderId !== null
      ? t('richMenus.emptyFolder')
      : t('richMenus.empty');

  return (
    <>
      <PageHeader
        extra={
          <>
            <Button
              icon={<OrderedListOutlined />}
              onClick={() => setRulesOpen(true)}
              data-testid="rich-menu-rules-open"
            >
              {t('richMenus.rulesButton')}
            </Button>
            {canEdit && <CreateButton to={createRichMenuPath(folderId)} />}
          </>
        }
      />
      <FolderLayout
        sidebar={
          <FolderSidebar
            area="service"
            folderType="rich_menus"
            itemNoun={t('richMenus.noun')}
            onDeleted={() => invalidateEndpoints(richMenusApi.list)}
          />
        }
      >
        <ResourceTable<RichMenu>
          params={{ page, limit, update }}
          list={menus}
          columns={columns}
          toolbar={
            <ListSearch
              value={filters.name}
              placeholder={t('richMenus.searchPlaceholder')}
              onSearch={(name) => update({ name })}
            />
          }
          rowTestId={(menu) => `rich-menu-row-${menu.id}`}
          emptyText={emptyText}
          emptyTestId="rich-menus-empty"
          failedTestId="rich-menus-load-failed"
          testId="rich-menus-table"
        />
      </FolderLayout>
      {rulesOpen && <RichMenuRulesDrawer canEdit={canEdit} onClose={() => setRulesOpen(false)} />}
    </>
  );
}
