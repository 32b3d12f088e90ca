import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rect } from './geometry.ts';
import '../../../app/i18n/parts/rich-menus.ts';

export interface SheetMenu {
  chatBarText: string;
  width: number;
  height: number;
  imageSrc: string | null;
  areas: readonly Rect[];
}

const bar: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
  width: '100%',
  padding: '6px 8px',
  border: 'none',
  borderTop: '1px solid #d9d9d9',
  background: '#ffffff',
  color: '#111111',
  fontSize: 13,
  cursor: 'pointer',
};

/**
 * A rich menu as LINE's app shows it under the talk: the chat bar (its text opens and closes the
 * menu) and the image with its tap areas. Tapping an area calls `onTap` with its index; without it
 * the areas are outlined only (the editor's preview).
 */
export function RichMenuSheet({
  menu,
  open,
  onToggle,
  onTap,
  disabled,
  testId,
}: {
  menu: SheetMenu;
  open: boolean;
  onToggle: () => void;
  onTap?: (index: number) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div data-testid={testId} data-open={open}>
      {open && (
        <div
          style={{
            position: 'relative',
            width: '100%',
            aspectRatio: `${menu.width} / ${menu.height}`,
            background: '#f0f0f0',
          }}
        >
          {menu.imageSrc && (
            <img
              src={menu.imageSrc}
              alt={menu.chatBarText}
              draggable={false}
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
            />
          )}
          {menu.areas.map((area, index) => {
            const style: CSSProperties = {
              position: 'absolute',
              left: percent(area.x, menu.width),
              top: percent(area.y, menu.height),
              width: percent(area.width, menu.width),
              height: percent(area.height, menu.height),
              border: onTap ? 'none' : '1px dashed rgba(22, 119, 255, 0.8)',
              background: 'transparent',
              padding: 0,
              cursor: onTap && !disabled ? 'pointer' : 'default',
            };
            return onTap ? (
              <button
                key={index}
                type="button"
                style={style}
                disabled={disabled}
                aria-label={t('richMenus.tapArea', { number: index + 1 })}
                onClick={() => onTap(index)}
                data-testid={`${testId}-area-${index}`}
              />
            ) : (
              <div key={index} style={style} />
            );
          })}
        </div>
      )}
      <button
        type="button"
        style={bar}
        onClick={onToggle}
        aria-label={open ? t('richMenus.closeMenu') : t('richMenus.openMenu')}
        data-testid={`${testId}-bar`}
      >
        <span>{menu.chatBarText}</span>
        {open ? <DownOutlined /> : <UpOutlined />}
      </button>
    </div>
  );
}
