import { CheckOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { Role } from '@linq/contract';
import { Button, Dropdown, Grid, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../navigation.tsx';
import { loggedOutPath } from '../areas.ts';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../i18n/index.ts';
import { logOut } from '../session.ts';

const LANGUAGE_KEY_PREFIX = 'language:';

/** The header's user menu: who is logged in, the UI language and logout. */
export function UserMenu({ role, userName, textColour }: { role: Role; userName: string; textColour?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const language = currentLanguage(i18n.language);

  const items: MenuProps['items'] = [
    { key: 'user', disabled: true, label: <span data-testid="user-menu-name">{userName}</span> },
    { type: 'divider' },
    {
      key: 'languages',
      type: 'group',
      label: t('header.language'),
      children: LANGUAGES.map((candidate) => ({
        key: `${LANGUAGE_KEY_PREFIX}${candidate}`,
        icon: candidate === language ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
        label: <span data-testid={`language-${candidate}`}>{t(`languages.${candidate}`)}</span>,
      })),
    },
    { type: 'divider' },
    {
      key: 'logout',
      danger: true,
      icon: <LogoutOutlined />,
      label: <span data-testid="logout">{t('header.logout')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') {
      void logOut(role, () => navigate(loggedOutPath(role), { replace: true }));
    } else if (key.startsWith(LANGUAGE_KEY_PREFIX)) {
      void changeLanguage(key.slice(LANGUAGE_KEY_PREFIX.length) as Language);
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<UserOutlined />} style={{ color: textColour }} data-testid="user-menu">
        {screens.sm ? userName : null}
      </Button>
    </Dropdown>
  );
}
