import type { RichMenu } from '@linq/contract';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/rich-menus.ts';

const STATE_COLOURS = { draft: 'default', publishing: 'processing', published: 'success', failed: 'error' } as const;

/** The menu's publish state; a failure shows LINE's reason. */
export function PublishState({ menu }: { menu: RichMenu }) {
  const { t } = useTranslation();
  const tag = (
    <Tag
      color={STATE_COLOURS[menu.publish_state]}
      data-testid={`rich-menu-state-${menu.id}`}
      data-state={menu.publish_state}
    >
      {t(`richMenus.states.${menu.publish_state}`)}
    </Tag>
  );
  return (
    <Space size={4} wrap>
      {menu.publish_error ? <Tooltip title={menu.publish_error}>{tag}</Tooltip> : tag}
      {menu.publish_state === 'failed' && menu.publish_error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`rich-menu-error-${menu.id}`}>
          {menu.publish_error}
        </Typography.Text>
      )}
      {menu.publish_state === 'published' && menu.edited_since_publish && (
        <Tag color="warning">{t('richMenus.editedSincePublish')}</Tag>
      )}
    </Space>
  );
}
