import '../../../app/i18n/parts/rich-menus.ts';
import type { CSSProperties, PointerEvent as ReactPointerEvent } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HANDLES,
  moveRect,
  resizeRect,
  scaleOf,
  toScreen,
  type Grid,
  type Handle,
  type Rect,
  type Size,
} from './geometry.ts';

interface Drag {
  index: number;
  handle: Handle | 'move';
  startX: number;
  startY: number;
  origin: Rect;
}

const HANDLE_SIZE = 10;

/** Where a handle sits on the area's outline, in percent of its box. */
const handleSpot: Record<Handle, [number, number]> = {
  nw: [0, 0],
  n: [50, 0],
  ne: [100, 0],
  e: [100, 50],
  se: [100, 100],
  s: [50, 100],
  sw: [0, 100],
  w: [0, 50],
};

/**
 * The image with its tap areas, drawn `displayWidth` wide: drag an area to move it, its handles to
 * resize it. Bounds are image pixels (geometry.ts turns the pointer's moves into them).
 */
export function AreaCanvas({
  image,
  imageSrc,
  areas,
  selected,
  grid,
  displayWidth,
  onSelect,
  onChange,
}: {
  image: Size;
  imageSrc: string;
  areas: readonly Rect[];
  selected: number | null;
  grid: Grid;
  displayWidth: number;
  onSelect: (index: number) => void;
  onChange: (index: number, rect: Rect) => void;
}) {
  const { t } = useTranslation();
  const scale = scaleOf(image, displayWidth);
  const [drag, setDrag] = useState<Drag | null>(null);

  useEffect(() => {
    if (!drag) return;
    const move = (event: PointerEvent) => {
      const dx = event.clientX - drag.startX;
      const dy = event.clientY - drag.startY;
      onChange(
        drag.index,
        drag.handle === 'move'
          ? moveRect(drag.origin, dx, dy, scale, image, grid)
          : resizeRect(drag.origin, drag.handle, dx, dy, scale, image, grid),
      );
    };
    const end = () => setDrag(null);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
    };
  }, [drag, scale, image, grid, onChange]);

  const start = (event: ReactPointerEvent, index: number, handle: Handle | 'move') => {
    event.preventDefault();
    event.stopPropagation();
    onSelect(index);
    setDrag({ index, handle, startX: event.clientX, startY: event.clientY, origin: areas[index]! });
  };

  return (
    <div
      data-testid="rich-menu-canvas"
      style={{
        position: 'relative',
        width: displayWidth,
        height: image.height * scale,
        userSelect: 'none',
        touchAction: 'none',
        border: '1px solid #d9d9d9',
      }}
    >
      <img
        src={imageSrc}
        alt={t('richMenus.image')}
        draggable={false}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      />
      {grid.xs.slice(1, -1).map((x) => (
        <div key={`x${x}`} style={{ ...gridLine, left: x * scale, top: 0, bottom: 0, width: 0, borderLeftWidth: 1 }} />
      ))}
      {grid.ys.slice(1, -1).map((y) => (
        <div key={`y${y}`} style={{ ...gridLine, top: y * scale, left: 0, right: 0, height: 0, borderTopWidth: 1 }} />
      ))}
      {areas.map((area, index) => {
        const box = toScreen(area, scale);
        const active = index === selected;
        return (
          <div
            key={index}
            data-testid={`rich-menu-area-${index}`}
            data-bounds={`${area.x},${area.y},${area.width},${area.height}`}
            onPointerDown={(event) => start(event, index, 'move')}
            style={{
              position: 'absolute',
              left: box.x,
              top: box.y,
              width: box.width,
              height: box.height,
              boxSizing: 'border-box',
              border: `2px solid ${active ? '#1677ff' : 'rgba(22, 119, 255, 0.6)'}`,
              background: active ? 'rgba(22, 119, 255, 0.25)' : 'rgba(22, 119, 255, 0.1)',
              cursor: 'move',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: '#fff',
              fontWeight: 700,
              textShadow: '0 0 3px #000',
            }}
          >
            {index + 1}
            {active &&
              HANDLES.map((handle) => (
                <div
                  key={handle}
                  data-testid={`rich-menu-handle-${handle}`}
                  onPointerDown={(event) => start(event, index, handle)}
                  style={{
                    position: 'absolute',
                    left: `calc(${handleSpot[handle][0]}% - ${HANDLE_SIZE / 2}px)`,
                    top: `calc(${handleSpot[handle][1]}% - ${HANDLE_SIZE / 2}px)`,
                    width: HANDLE_SIZE,
                    height: HANDLE_SIZE,
                    background: '#fff',
                    border: '1px solid #1677ff',
                    cursor: `${handle}-resize`,
                  }}
                />
              ))}
          </div>
        );
      })}
    </div>
  );
}

const gridLine: CSSProperties = {
  position: 'absolute',
  borderStyle: 'dashed',
  borderColor: 'rgba(255, 255, 255, 0.7)',
  borderWidth: 0,
  pointerEvents: 'none',
};
