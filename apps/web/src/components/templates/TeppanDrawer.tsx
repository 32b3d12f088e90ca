import { CopyOutlined, FolderOutlined } from '@ant-design/icons';
import { teppanBrowseApi, type MessageType, type TemplateListItem } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api/call.ts';
import { SPINNER_DELAY_MS } from '../../app/config.ts';
import { useSelectedChannelId } from '../../app/channels/channels.ts';
import { formatDateTime } from '../format.ts';
import { editPathOf, SERVICE_TEMPLATES } from './template-kind.ts';
import { PreviewPopover, useCopiedNotice } from './template-parts.tsx';
import { templatesChanged } from './useTemplates.ts';
import '../../app/i18n/parts/templates.ts';

const PAGE_SIZE = 10;

interface TeppanDrawerProps {
  type: MessageType;
  /** Where copies go: the folder selected on the list (null: none), and its name for the hint. */
  folderId: number | null;
  folderName: string;
  onClose: () => void;
}

/** The platform's teppan templates of one message type, to copy into the channel's templates. */
export function TeppanDrawer({ type, folderId, folderName, onClose }: TeppanDrawerProps) {
  const { t } = useTranslation();
  const notifyCopied = useCopiedNotice();
  const lineAccountId = useSelectedChannelId();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [copying, setCopying] = useState<number | null>(null);
  const query = { message_type: type, name: name || undefined, page, limit: PAGE_SIZE };
  const teppan = useQuery({
    queryKey: [teppanBrowseApi.list.path, { lineAccountId, ...query }],
    queryFn: ({ signal }) => call(teppanBrowseApi.list, { query }, { lineAccountId, signal }),
    enabled: lineAccountId !== null,
    placeholderData: keepPreviousData,
  });
  const rows = teppan.data?.data ?? [];

  const copy = async (template: TemplateListItem) => {
    setCopying(template.id);
    try {
      const copied = await call(teppanBrowseApi.copy, { params: { id: template.id }, body: { folder_id: folderId } });
      await templatesChanged(SERVICE_TEMPLATES, copied);
      notifyCopied(
        t('teppan.copied', { name: copied.plan.name }),
        editPathOf(SERVICE_TEMPLATES, copied.plan.message_type, copied.plan.id),
      );
    } catch {
      // Reported by the request layer; the drawer stays open to try again.
    } finally {
      setCopying(null);
    }
  };

  return (
    <Drawer
      open
      title={t('teppan.drawerTitle', { type: t(`templates.types.${type}`) })}
      onClose={onClose}
      size={520}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      data-testid="teppan-drawer"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('teppan.drawerHint', { folder: folderName })}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('teppan.searchPlaceholder')}
          onSearch={(value) => {
            setName(value.trim());
            setPage(1);
          }}
          data-testid="teppan-search"
        />
        <List<TemplateListItem>
          dataSource={rows}
          rowKey="id"
          loading={{ spinning: teppan.isFetching, delay: SPINNER_DELAY_MS }}
          locale={{
            emptyText: (
              <Empty description={name ? t('teppan.noMatch') : t('teppan.empty')} data-testid="teppan-empty" />
            ),
          }}
          pagination={
            (teppan.data?.total_item_count ?? 0) > PAGE_SIZE && {
              current: page,
              pageSize: PAGE_SIZE,
              total: teppan.data?.total_item_count ?? 0,
              onChange: setPage,
              size: 'small',
            }
          }
          renderItem={(template) => (
            <List.Item
              data-testid={`teppan-row-${template.id}`}
              actions={[
                <PreviewPopover
                  key="preview"
                  name={template.name}
                  message={template.message}
                  testId={`teppan-preview-${template.id}`}
                />,
                <Button
                  key="copy"
                  size="small"
                  type="primary"
                  icon={<CopyOutlined />}
                  loading={copying === template.id}
                  disabled={copying !== null && copying !== template.id}
                  onClick={() => void copy(template)}
                  data-testid={`teppan-copy-${template.id}`}
                >
                  {t('teppan.copy')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={<Typography.Text data-testid={`teppan-name-${template.id}`}>{template.name}</Typography.Text>}
                description={
                  <Space size={12} wrap>
                    {template.folder_name && (
                      <Space size={4}>
                        <FolderOutlined />
                        {template.folder_name}
                      </Space>
                    )}
                    <span>{formatDateTime(template.updated_at)}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Flex>
    </Drawer>
  );
}
