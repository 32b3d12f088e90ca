import type { OemBranding } from '@linq/contract';
import type { ThemeConfig } from 'antd';

type ThemeColours = OemBranding['theme'];

/** Whether a #rgb / #rrggbb colour is dark enough to need light text on it. */
export function isDarkColour(colour: string): boolean {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return false;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  // Perceived brightness (ITU-R BT.601 weights).
  return 0.299 * r + 0.587 * g + 0.114 * b < 0.55;
}

const LIGHT_TEXT = 'rgba(255, 255, 255, 0.92)';
const DARK_TEXT = 'rgba(0, 0, 0, 0.88)';

export function headerTextColour(theme: ThemeColours | undefined): string | undefined {
  if (!theme) return undefined;
  return isDarkColour(theme.header_color) ? LIGHT_TEXT : DARK_TEXT;
}

export function siderMenuTheme(theme: ThemeColours | undefined): 'dark' | 'light' {
  return theme && isDarkColour(theme.sider_color) ? 'dark' : 'light';
}

/** The OEM's colours as antd design tokens; antd's defaults until branding has loaded. */
export function themeConfigOf(theme: ThemeColours | undefined): ThemeConfig {
  if (!theme) return {};
  const darkSider = isDarkColour(theme.sider_color);
  return {
    token: { colorPrimary: theme.primary_color, colorLink: theme.primary_color, colorInfo: theme.primary_color },
    components: {
      Layout: {
        headerBg: theme.header_color,
        headerColor: headerTextColour(theme),
        siderBg: theme.sider_color,
        triggerBg: theme.sider_color,
        lightSiderBg: theme.sider_color,
        lightTriggerBg: theme.sider_color,
      },
      Menu: darkSider
        ? {
            darkItemBg: theme.sider_color,
            darkSubMenuItemBg: theme.sider_color,
            darkItemSelectedBg: theme.primary_color,
          }
        : { itemBg: theme.sider_color, subMenuItemBg: theme.sider_color },
    },
  };
}
