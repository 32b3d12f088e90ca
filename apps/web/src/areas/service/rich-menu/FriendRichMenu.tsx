import { allows } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { useSession } from '../../../app/session.ts';
import { editRichMenuPath } from './paths.ts';
import { reportRefusal } from './RichMenusPage.tsx';
import { friendMenuQuery, rulesQuery, setFriendMenu, useAllRichMenus, useCanEditRichMenus } from './useRichMenus.ts';
import '../../../app/i18n/parts/rich-menus.ts';

/** The friend detail's rich menu: which menu the friend sees and why, and their own menu (set or cleared). */
export function FriendRichMenu({ friendId }: { friendId: number }) {
  const session = useSession('service');
  const canView = session !== null && allows(session.permissions, { feature: 'rich_menus', level: 'view' });
  return canView ? <FriendRichMenuCard friendId={friendId} /> : null;
}

function FriendRichMenuCard({ friendId }: { friendId: number }) {
  const { t } = useTranslation();
  const canEdit = useCanEditRichMenus();
  const shown = useQuery(friendMenuQuery(friendId)).data?.data;
  const rules = useQuery(rulesQuery()).data?.data ?? [];
  const menus = useAllRichMenus();
  const [saving, setSaving] = useState(false);
  const menu = menus.find((candidate) => candidate.id === shown?.rich_menu_id);
  const rule = rules.find((candidate) => candidate.id === shown?.rule_id);
  const personal = shown?.reason === 'personal' ? shown.rich_menu_id : null;

  const choose = async (value: number) => {
    setSaving(true);
    try {
      await setFriendMenu(friendId, value === 0 ? null : value);
    } catch (error) {
      reportRefusal(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('richMenus.friendMenu')} data-testid="friend-rich-menu">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('richMenus.friendSees')}>
          <span data-testid="friend-rich-menu-name">
            {menu ? (
              canEdit ? (
                <Link to={editRichMenuPath(menu.id)}>{menu.name}</Link>
              ) : (
                menu.name
              )
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('richMenus.why')}>
          <span data-testid="friend-rich-menu-reason" data-reason={shown?.reason}>
            {shown && t(`richMenus.reasons.${shown.reason}`, { rule: rule?.name ?? '' })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('richMenus.personalMenu')}>
          <Select
            style={{ minWidth: 200 }}
            disabled={!canEdit || shown === undefined}
            loading={saving}
            value={personal ?? 0}
            onChange={(value: number) => void choose(value)}
            options={[
              { value: 0, label: t('richMenus.personalNone') },
              ...menus
                .filter((candidate) => candidate.line_rich_menu_id !== null)
                .map((candidate) => ({ value: candidate.id, label: candidate.name })),
            ]}
            data-testid="friend-rich-menu-select"
          />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
