import { describe, expect, it } from 'vitest';
import { isDarkColour, siderMenuTheme, themeConfigOf } from './theme.ts';

describe('isDarkColour', () => {
  it('tells dark from light colours', () => {
    expect(isDarkColour('#001529')).toBe(true);
    expect(isDarkColour('#000')).toBe(true);
    expect(isDarkColour('#ffffff')).toBe(false);
    expect(isDarkColour('#fadb14')).toBe(false);
    expect(isDarkColour('#06c755')).toBe(true);
    expect(isDarkColour('not a colour')).toBe(false);
  });
});

describe('themeConfigOf', () => {
  const theme = { primary_color: '#ff6600', header_color: '#ffffff', sider_color: '#001529' };

  it('maps the OEM colours to antd tokens', () => {
    const config = themeConfigOf(theme);
    expect(config.token?.colorPrimary).toBe('#ff6600');
    expect(config.components?.Layout?.headerBg).toBe('#ffffff');
    expect(config.components?.Layout?.siderBg).toBe('#001529');
    expect(siderMenuTheme(theme)).toBe('dark');
  });

  it('keeps antd defaults before branding loads', () => {
    expect(themeConfigOf(undefined)).toEqual({});
  });
});
