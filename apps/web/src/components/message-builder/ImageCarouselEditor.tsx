import { DeleteOutlined, ExclamationCircleFilled, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import {
  LINE_LIMITS,
  newImageCarouselColumn,
  type BuilderMessage,
  type LinkUrl,
  type MessageImageCarousel,
} from '@linq/contract';
import { Button, Collapse, Flex, InputNumber, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionEditor } from './ActionEditor.tsx';
import { AltTextField } from './AltTextField.tsx';
import { AreaCanvas, areaRect, withRect } from './AreaCanvas.tsx';
import { scaleRect } from './area-geometry.ts';
import { useBuilder, type UploadedBuilderImage } from './builder-context.ts';
import { Field, PathIssues } from './fields.tsx';
import { fitsImageCarousel } from './image-file.ts';
import { ImageUploadButton } from './ImageUpload.tsx';
import { hasIssuesWithin, type ModelPath } from './issues.ts';
import { ItemCards } from './ItemCards.tsx';
import { copyImageCarousel, itemKey, removeItem, replaceItem } from './list-edit.ts';
import '../../app/i18n/parts/message-builder.ts';

const BOUNDS = [
  { field: 'axis_x', label: 'x' },
  { field: 'axis_y', label: 'y' },
  { field: 'width', label: 'width' },
  { field: 'height', label: 'height' },
] as const;

/** The position and size of one area, in image pixels. */
function AreaBounds({ area, path, onChange }: { area: LinkUrl; path: ModelPath; onChange: (next: LinkUrl) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <PathIssues path={[...path, 'axis_x']} />
      <PathIssues path={[...path, 'width']} />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        {BOUNDS.map(({ field, label }) => (
          <Flex key={field} vertical gap={2} style={{ width: 88 }}>
            <label htmlFor={`${id}-${field}`} style={{ fontSize: 12 }}>
              {t(`messageBuilder.imageCarousel.${label}`)}
            </label>
            <InputNumber<number>
              id={`${id}-${field}`}
              value={area[field]}
              min={field === 'width' || field === 'height' ? 1 : 0}
              precision={0}
              suffix="px"
              onChange={(value) => value !== null && onChange({ ...area, [field]: value })}
              style={{ width: '100%' }}
              data-testid={`builder-area-${field}`}
            />
          </Flex>
        ))}
      </Flex>
    </>
  );
}

/** Refuses, with the reason, an image larger than LINE allows in an image carousel. */
function useImageCarouselSizeCheck() {
  const { t } = useTranslation();
  return (size: { width: number; height: number }) =>
    fitsImageCarousel(size) ? null : t('messageBuilder.imageCarousel.tooLarge', { max: LINE_LIMITS.imageMaxEdge });
}

/** One image with its tap areas: draw them on the image, then set each one's position and action. */
function ImageColumnEditor({
  column,
  index,
  onChange,
}: {
  column: MessageImageCarousel;
  index: number;
  onChange: (next: MessageImageCarousel) => void;
}) {
  const { t } = useTranslation();
  const { disabled, issues } = useBuilder();
  const checkSize = useImageCarouselSizeCheck();
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const path = ['message_image_carousels', index];
  const areasPath = [...path, 'link_urls'];
  const areas = column.link_urls;
  const setAreas = (link_urls: LinkUrl[]) => onChange({ ...column, link_urls });
  const canDraw = areas.length < LINE_LIMITS.linkUrlsMax;

  /** A new image keeps the areas where they were on the old one, scaled to its size. */
  const replaceImage = (image: UploadedBuilderImage) => {
    const from = { width: column.image_width, height: column.image_height };
    const to = { width: image.width, height: image.height };
    onChange({
      ...column,
      image_url: image.url,
      image_width: image.width,
      image_height: image.height,
      link_urls: areas.map((area) => withRect(area, scaleRect(areaRect(area), from, to))),
    });
  };

  return (
    <>
      <Field
        path={[...path, 'image_url']}
        label={t('messageBuilder.imageCarousel.areas', { count: areas.length, max: LINE_LIMITS.linkUrlsMax })}
        help={
          canDraw
            ? t('messageBuilder.imageCarousel.drawHint')
            : t('messageBuilder.imageCarousel.areasFull', { max: LINE_LIMITS.linkUrlsMax })
        }
      >
        <AreaCanvas
          column={column}
          label={t('messageBuilder.imageCarousel.canvas', { n: index + 1 })}
          selectedKey={selectedKey}
          onSelect={setSelectedKey}
          onChange={setAreas}
          canDraw={canDraw}
          disabled={disabled}
        />
      </Field>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('messageBuilder.imageCarousel.imageSize', { width: column.image_width, height: column.image_height })}
        </Typography.Text>
        <ImageUploadButton
          label={t('messageBuilder.image.replace')}
          icon={<SwapOutlined />}
          checkSize={checkSize}
          onUploaded={replaceImage}
          testId={`builder-image-${index}-replace`}
        />
      </Flex>
      <PathIssues path={areasPath} />
      <Collapse
        accordion
        // Only the selected area's fields exist, so nothing hidden answers for another area.
        destroyOnHidden
        size="small"
        activeKey={selectedKey ?? undefined}
        onChange={(keys) => setSelectedKey((Array.isArray(keys) ? keys[0] : keys) ?? null)}
        items={areas.map((area, areaIndex) => {
          const key = itemKey(area, areaIndex);
          const areaPath = [...areasPath, areaIndex];
          const summary = area.label || (area.action_type === 'uri' ? area.uri : area.text) || '';
          return {
            key,
            label: (
              <Flex gap={6} align="center" style={{ minWidth: 0 }} data-testid={`builder-area-item-${areaIndex}`}>
                <span>{t('messageBuilder.imageCarousel.area', { n: areaIndex + 1 })}</span>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180 }}>
                  {summary}
                </Typography.Text>
                {hasIssuesWithin(issues, areaPath) && (
                  <ExclamationCircleFilled
                    style={{ color: 'var(--ant-color-error, #ff4d4f)' }}
                    aria-label={t('messageBuilder.issueFlag')}
                  />
                )}
              </Flex>
            ),
            extra: (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('messageBuilder.imageCarousel.deleteArea', { n: areaIndex + 1 })}
                title={t('messageBuilder.imageCarousel.deleteArea', { n: areaIndex + 1 })}
                disabled={disabled}
                onClick={(event) => {
                  event.stopPropagation();
                  setAreas(removeItem(areas, areaIndex));
                }}
                data-testid={`builder-area-delete-${areaIndex}`}
              />
            ),
            children: (
              <>
                <AreaBounds
                  area={area}
                  path={areaPath}
                  onChange={(next) => setAreas(replaceItem(areas, areaIndex, next))}
                />
                <ActionEditor
                  action={area}
                  path={areaPath}
                  labelRequired={false}
                  onChange={(next) => setAreas(replaceItem(areas, areaIndex, next))}
                />
              </>
            ),
          };
        })}
      />
    </>
  );
}

/** 1–10 images, each with up to 20 tap areas (sent as a Flex carousel). */
export function ImageCarouselEditor({
  message,
  columns,
  onChange,
}: {
  message: BuilderMessage;
  columns: MessageImageCarousel[];
  onChange: (next: BuilderMessage) => void;
}) {
  const { t } = useTranslation();
  const setColumns = (message_image_carousels: MessageImageCarousel[]) =>
    onChange({ ...message, message_image_carousels });
  const full = columns.length >= LINE_LIMITS.imageCarouselColumnsMax;
  const checkSize = useImageCarouselSizeCheck();

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('messageBuilder.imageCarousel.images', { count: columns.length, max: LINE_LIMITS.imageCarouselColumnsMax })}
      </Typography.Title>
      <PathIssues path={['message_image_carousels']} />
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        <ItemCards
          items={columns}
          onChange={setColumns}
          name={(index) => t('messageBuilder.imageCarousel.image', { n: index + 1 })}
          direction="horizontal"
          canAdd={!full}
          duplicate={copyImageCarousel}
          testId="builder-image-column"
        >
          {(column, index, replace) => <ImageColumnEditor column={column} index={index} onChange={replace} />}
        </ItemCards>
        <ImageUploadButton
          label={t('messageBuilder.imageCarousel.add')}
          icon={<PlusOutlined />}
          disabled={full}
          checkSize={checkSize}
          onUploaded={(image) => setColumns([...columns, newImageCarouselColumn(image)])}
          testId="builder-image-column-add"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {full
            ? t('messageBuilder.imageCarousel.full', { max: LINE_LIMITS.imageCarouselColumnsMax })
            : t('messageBuilder.imageCarousel.addHint', { max: LINE_LIMITS.imageMaxEdge })}
        </Typography.Text>
      </Flex>
      <AltTextField message={message} onChange={onChange} />
    </>
  );
}
