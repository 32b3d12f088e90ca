import { newLinkUrl, type LinkUrl, type MessageImageCarousel } from '@linq/contract';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from '../line-message/LineMessageView.tsx';
import {
  isDrag,
  moveRect,
  percentBox,
  rectFromDrag,
  toImageDelta,
  toImagePoint,
  type Point,
  type Rect,
} from './area-geometry.ts';
import { itemKey, replaceItem } from './list-edit.ts';
import '../../app/i18n/parts/message-builder.ts';

/** What the pointer is doing: drawing a new area, or moving one. */
type Gesture =
  /** `pressedKey`: the area the pointer went down on, selected if the pointer does not drag. */
  | { kind: 'draw'; startClient: Point; startImage: Point; rect: Rect | null; pressedKey: string | null }
  | { kind: 'move'; index: number; startClient: Point; origin: Rect; rect: Rect | null };

const AREA_COLOUR = '22, 119, 255';
/** Arrow keys move a selected area by 1 image pixel, with Shift by 10. */
const KEY_STEP = 1;
const SHIFT_KEY_STEP = 10;
const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export const areaRect = (area: LinkUrl): Rect => ({
  x: area.axis_x,
  y: area.axis_y,
  width: area.width,
  height: area.height,
});

export const withRect = <T extends LinkUrl>(area: T, rect: Rect): T => ({
  ...area,
  axis_x: rect.x,
  axis_y: rect.y,
  width: rect.width,
  height: rect.height,
});

/**
 * An image carousel image with its tap areas as numbered translucent rectangles. Dragging on the
 * image draws a new area; dragging an area moves it; a focused area moves with the arrow keys.
 * Everything is converted to the image's own pixels, whatever size the image is drawn at.
 */
export function AreaCanvas({
  column,
  label,
  selectedKey,
  onSelect,
  onChange,
  canDraw,
  disabled,
}: {
  column: MessageImageCarousel;
  /** The accessible name of the image ("画像1のタップ領域"). */
  label: string;
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  onChange: (areas: LinkUrl[]) => void;
  /** False when the image already has the most areas LINE allows. */
  canDraw: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const image = { width: column.image_width, height: column.image_height };
  const areas = column.link_urls;

  const displayBox = () => {
    const box = frame.current?.getBoundingClientRect();
    return box ? { left: box.left, top: box.top, width: box.width, height: box.height } : null;
  };
  const clientPoint = (event: PointerEvent): Point => ({ x: event.clientX, y: event.clientY });

  /** Draws a new area from where the pointer went down (also over an area that is not selected). */
  const startDrawing = (event: PointerEvent, pressedKey: string | null) => {
    const box = displayBox();
    if (disabled || !box || event.button !== 0) return;
    if (!canDraw) {
      onSelect(pressedKey);
      return;
    }
    event.preventDefault();
    frame.current?.setPointerCapture(event.pointerId);
    const startClient = clientPoint(event);
    setGesture({
      kind: 'draw',
      startClient,
      startImage: toImagePoint(startClient, box, image),
      rect: null,
      pressedKey,
    });
  };

  /** A selected area moves with the pointer; pressing another one selects it (or draws, when dragged). */
  const pressArea = (event: PointerEvent<HTMLButtonElement>, index: number, area: LinkUrl) => {
    event.stopPropagation();
    const key = itemKey(area, index);
    if (key !== selectedKey) {
      startDrawing(event, key);
      return;
    }
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    frame.current?.setPointerCapture(event.pointerId);
    setGesture({ kind: 'move', index, startClient: clientPoint(event), origin: areaRect(area), rect: null });
  };

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const box = displayBox();
    if (!gesture || !box) return;
    const client = clientPoint(event);
    if (!isDrag(gesture.startClient, client)) return;
    if (gesture.kind === 'draw') {
      setGesture({ ...gesture, rect: rectFromDrag(gesture.startImage, toImagePoint(client, box, image), image) });
    } else {
      const delta = toImageDelta(
        { x: client.x - gesture.startClient.x, y: client.y - gesture.startClient.y },
        box,
        image,
      );
      setGesture({ ...gesture, rect: moveRect(gesture.origin, delta, image) });
    }
  };

  const finish = () => {
    if (!gesture) return;
    setGesture(null);
    if (gesture.kind === 'draw') {
      if (!gesture.rect) {
        // A click (not a drag) selects the area under the pointer, or nothing.
        onSelect(gesture.pressedKey);
        return;
      }
      const area = newLinkUrl({
        axis_x: gesture.rect.x,
        axis_y: gesture.rect.y,
        width: gesture.rect.width,
        height: gesture.rect.height,
      });
      onChange([...areas, area]);
      onSelect(itemKey(area, areas.length));
      return;
    }
    const area = areas[gesture.index];
    if (area && gesture.rect) onChange(replaceItem(areas, gesture.index, withRect(area, gesture.rect)));
  };

  const nudge = (event: KeyboardEvent<HTMLButtonElement>, index: number, area: LinkUrl) => {
    const direction = ARROWS[event.key];
    if (!direction || disabled) return;
    event.preventDefault();
    const step = event.shiftKey ? SHIFT_KEY_STEP : KEY_STEP;
    const moved = moveRect(areaRect(area), { x: direction.x * step, y: direction.y * step }, image);
    onChange(replaceItem(areas, index, withRect(area, moved)));
  };

  return (
    <div
      ref={frame}
      role="group"
      aria-label={label}
      onPointerDown={(event) => startDrawing(event, null)}
      onPointerMove={follow}
      onPointerUp={finish}
      onPointerCancel={() => setGesture(null)}
      data-testid="builder-area-canvas"
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 360,
        aspectRatio: `${image.width} / ${image.height}`,
        background: '#f0f2f5',
        borderRadius: 8,
        overflow: 'hidden',
        // The image takes the pointer for drawing instead of scrolling the page.
        touchAction: 'none',
        userSelect: 'none',
        cursor: disabled || !canDraw ? 'default' : 'crosshair',
      }}
    >
      <Picture
        src={column.image_url}
        alt=""
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      />
      {areas.map((area, index) => {
        const key = itemKey(area, index);
        const moving = gesture?.kind === 'move' && gesture.index === index ? gesture.rect : null;
        const selected = key === selectedKey;
        const name = t('messageBuilder.imageCarousel.area', { n: index + 1 });
        return (
          <button
            key={key}
            type="button"
            aria-label={name}
            aria-pressed={selected}
            title={name}
            onPointerDown={(event) => pressArea(event, index, area)}
            onClick={() => onSelect(key)}
            onKeyDown={(event) => nudge(event, index, area)}
            data-testid={`builder-area-${index}`}
            style={{
              position: 'absolute',
              ...percentBox(moving ?? areaRect(area), image),
              boxSizing: 'border-box',
              margin: 0,
              padding: 0,
              border: `2px solid rgba(${AREA_COLOUR}, ${selected ? 1 : 0.6})`,
              background: `rgba(${AREA_COLOUR}, ${selected ? 0.35 : 0.18})`,
              cursor: disabled ? 'default' : selected ? 'move' : 'pointer',
              touchAction: 'none',
            }}
          >
            <span
              aria-hidden
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                minWidth: 18,
                padding: '0 4px',
                background: `rgb(${AREA_COLOUR})`,
                color: '#fff',
                fontSize: 11,
                lineHeight: '18px',
                fontWeight: 600,
              }}
            >
              {index + 1}
            </span>
          </button>
        );
      })}
      {gesture?.kind === 'draw' && gesture.rect && (
        <div
          aria-hidden
          style={{
            position: 'absolute',
            ...percentBox(gesture.rect, image),
            boxSizing: 'border-box',
            border: `2px dashed rgb(${AREA_COLOUR})`,
            background: `rgba(${AREA_COLOUR}, 0.15)`,
            pointerEvents: 'none',
          }}
        />
      )}
    </div>
  );
}
