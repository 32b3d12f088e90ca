import type { Permissions, Role } from '@linq/contract';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../navigation.tsx';
import { AREA_MENUS, selectedMenuItem, visibleMenuItems } from '../menus.ts';
import { MENU_ICONS } from './menu-icons.tsx';

interface SideMenuProps {
  role: Role;
  /** Service staff permissions; null in the other areas. */
  permissions: Permissions | null;
  /** An admin of the default OEM: sees the platform-only items. */
  platformAdmin: boolean;
  /** An agency member (not a manager): the managers' items are hidden. */
  agencyMember: boolean;
  theme: 'dark' | 'light';
  onNavigate?: () => void;
}

export function SideMenu({ role, permissions, platformAdmin, agencyMember, theme, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = visibleMenuItems(AREA_MENUS[role], permissions, platformAdmin, agencyMember);
  const selected = selectedMenuItem(items, pathname);

  return (
    <Menu
      mode="inline"
      theme={theme}
      selectedKeys={selected ? [selected.path] : []}
      onClick={onNavigate}
      data-testid="side-menu"
      items={items.map((item) => ({
        key: item.path,
        icon: MENU_ICONS[item.icon],
        label: (
          <Link to={item.path} data-testid={`menu-${item.label}`}>
            {t(`menu.${item.label}`)}
          </Link>
        ),
      }))}
    />
  );
}
