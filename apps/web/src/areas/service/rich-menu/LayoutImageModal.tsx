import { ColorPicker, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUTS, layoutRects, STANDARD_SIZES, type Layout, type Rect, type StandardSize } from './geometry.ts';
import '../../../app/i18n/parts/rich-menus.ts';

export interface LayoutImage {
  blob: Blob;
  layout: Layout;
  areas: Rect[];
}

/** Draws the layout's cells on a plain background with their texts, as LINE's standard images look. */
async function drawLayout(layout: Layout, background: string, colour: string, texts: string[]): Promise<Blob> {
  const size = STANDARD_SIZES[layout.size];
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = background;
  context.fillRect(0, 0, size.width, size.height);
  context.strokeStyle = colour;
  context.globalAlpha = 0.35;
  context.lineWidth = 6;
  const rects = layoutRects(layout, size);
  for (const rect of rects) context.strokeRect(rect.x, rect.y, rect.width, rect.height);
  context.globalAlpha = 1;
  context.fillStyle = colour;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `bold ${Math.round(size.height / (layout.rows * 6))}px sans-serif`;
  rects.forEach((rect, index) => {
    const text = texts[index]?.trim();
    if (text) context.fillText(text, rect.x + rect.width / 2, rect.y + rect.height / 2, rect.width * 0.9);
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas'))), 'image/png'),
  );
}

/** Choose a standard layout (large or compact, 1–6 areas), its colours and texts; answers the PNG and its areas. */
export function LayoutImageModal({ onDone, onClose }: { onDone: (image: LayoutImage) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<StandardSize>('large');
  const [key, setKey] = useState('large6');
  const [background, setBackground] = useState('#06c755');
  const [colour, setColour] = useState('#ffffff');
  const [texts, setTexts] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const layout = LAYOUTS.find((candidate) => candidate.key === key) ?? LAYOUTS[0]!;

  const done = async () => {
    setBusy(true);
    try {
      const blob = await drawLayout(layout, background, colour, texts);
      onDone({ blob, layout, areas: layoutRects(layout, STANDARD_SIZES[layout.size]) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('richMenus.layoutTitle')}
      okText={t('richMenus.makeImage')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'rich-menu-layout-ok' }}
      onOk={() => void done()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('richMenus.layoutSize')}>
          <Radio.Group
            value={size}
            onChange={(event) => {
              const next = event.target.value as StandardSize;
              setSize(next);
              setKey(LAYOUTS.find((candidate) => candidate.size === next)!.key);
            }}
            options={(['large', 'compact'] as const).map((value) => ({ value, label: t(`richMenus.sizes.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('richMenus.layout')}>
          <Select
            value={layout.key}
            onChange={setKey}
            data-testid="rich-menu-layout"
            options={LAYOUTS.filter((candidate) => candidate.size === size).map((candidate) => ({
              value: candidate.key,
              label: t(`richMenus.layouts.${candidate.key as 'large6'}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('richMenus.background')}>
          <ColorPicker value={background} onChange={(value) => setBackground(value.toHexString())} />
        </Form.Item>
        <Form.Item label={t('richMenus.textColour')}>
          <ColorPicker value={colour} onChange={(value) => setColour(value.toHexString())} />
        </Form.Item>
        {layout.cells.map((_, index) => (
          <Form.Item key={index} label={t('richMenus.cellText', { number: index + 1 })}>
            <Input
              maxLength={20}
              value={texts[index] ?? ''}
              onChange={(event) => {
                const next = [...texts];
                next[index] = event.target.value;
                setTexts(next);
              }}
              data-testid={`rich-menu-layout-text-${index}`}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
