import { PlusOutlined } from '@ant-design/icons';
import { LINE_LIMITS, newColumn, type BuilderMessage, type MessageColumn } from '@linq/contract';
import { Button, Divider, Flex, Form, Input, Segmented, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionEditor } from './ActionEditor.tsx';
import { AltTextField } from './AltTextField.tsx';
import { Field, PathIssues } from './fields.tsx';
import { ItemCards } from './ItemCards.tsx';
import { fitsCarouselThumbnail } from './image-file.ts';
import { ImageField } from './ImageUpload.tsx';
import { columnActionCount, copyColumn, itemKey, replaceItem, withActionCount } from './list-edit.ts';
import '../../app/i18n/parts/message-builder.ts';

const ACTION_COUNTS = Array.from({ length: LINE_LIMITS.columnActionsMax }, (_, index) => index + 1);

function ColumnEditor({
  column,
  index,
  textMax,
  onChange,
}: {
  column: MessageColumn;
  index: number;
  textMax: number;
  onChange: (next: MessageColumn) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const path = ['message_columns', index];
  const actionsPath = [...path, 'message_actions'];
  return (
    <>
      <Field path={[...path, 'image_url']} label={t('messageBuilder.carousel.image')}>
        <ImageField
          url={column.image_url}
          onChange={(image) => onChange({ ...column, image_url: image?.url ?? null })}
          removable
          checkSize={(size) =>
            fitsCarouselThumbnail(size)
              ? null
              : t('messageBuilder.carousel.imageTooWide', { max: LINE_LIMITS.imageMaxEdge })
          }
          testId={`builder-column-${index}-image`}
        />
      </Field>
      <Field path={[...path, 'title']} label={t('messageBuilder.carousel.title')} htmlFor={`${id}-title`}>
        <Input
          id={`${id}-title`}
          value={column.title ?? ''}
          onChange={(event) => onChange({ ...column, title: event.target.value === '' ? null : event.target.value })}
          count={{ show: true, max: LINE_LIMITS.columnTitleMax }}
          data-testid="builder-column-title"
        />
      </Field>
      <Field
        path={[...path, 'text']}
        label={t('messageBuilder.carousel.text')}
        htmlFor={`${id}-text`}
        help={
          textMax < LINE_LIMITS.columnTextMax ? t('messageBuilder.carousel.textShorter', { max: textMax }) : undefined
        }
      >
        <Input.TextArea
          id={`${id}-text`}
          value={column.text}
          onChange={(event) => onChange({ ...column, text: event.target.value })}
          autoSize={{ minRows: 2, maxRows: 6 }}
          count={{ show: true, max: textMax }}
          data-testid="builder-column-text"
        />
      </Field>
      <PathIssues path={actionsPath} />
      {column.message_actions.map((action, actionIndex) => (
        <div key={itemKey(action, actionIndex)} data-testid={`builder-column-${index}-button-${actionIndex}`}>
          <Divider titlePlacement="start" plain style={{ margin: '8px 0 12px' }}>
            {t('messageBuilder.carousel.button', { n: actionIndex + 1 })}
          </Divider>
          <ActionEditor
            action={action}
            path={[...actionsPath, actionIndex]}
            onChange={(next) =>
              onChange({ ...column, message_actions: replaceItem(column.message_actions, actionIndex, next) })
            }
          />
        </div>
      ))}
    </>
  );
}

/** 1–10 cards, each with an optional image and title, a text and the same number (1–3) of buttons. */
export function CarouselEditor({
  message,
  columns,
  onChange,
}: {
  message: BuilderMessage;
  columns: MessageColumn[];
  onChange: (next: BuilderMessage) => void;
}) {
  const { t } = useTranslation();
  const setColumns = (message_columns: MessageColumn[]) => onChange({ ...message, message_columns });
  const actionCount = columnActionCount(columns);
  const full = columns.length >= LINE_LIMITS.carouselColumnsMax;
  // LINE shortens every card's text when any card has an image or a title.
  const shortText = columns.some((column) => column.image_url?.trim() || column.title?.trim());
  const textMax = shortText ? LINE_LIMITS.columnTextWithImageOrTitleMax : LINE_LIMITS.columnTextMax;

  return (
    <>
      <Form.Item label={t('messageBuilder.carousel.actionCount')} help={t('messageBuilder.carousel.actionCountHelp')}>
        <Segmented<number>
          value={actionCount}
          options={ACTION_COUNTS.map((count) => ({ value: count, label: String(count) }))}
          onChange={(count) => setColumns(withActionCount(columns, count))}
          aria-label={t('messageBuilder.carousel.actionCount')}
          data-testid="builder-action-count"
        />
      </Form.Item>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('messageBuilder.carousel.columns', { count: columns.length, max: LINE_LIMITS.carouselColumnsMax })}
      </Typography.Title>
      <PathIssues path={['message_columns']} />
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        <ItemCards
          items={columns}
          onChange={setColumns}
          name={(index) => t('messageBuilder.carousel.column', { n: index + 1 })}
          direction="horizontal"
          canAdd={!full}
          duplicate={copyColumn}
          testId="builder-column"
        >
          {(column, index, replace) => (
            <>
              <PathIssues path={['message_columns', index]} />
              <ColumnEditor column={column} index={index} textMax={textMax} onChange={replace} />
            </>
          )}
        </ItemCards>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => setColumns([...columns, newColumn(actionCount)])}
          data-testid="builder-column-add"
        >
          {t('messageBuilder.carousel.add')}
        </Button>
        {full && (
          <Typography.Text type="secondary">
            {t('messageBuilder.carousel.full', { max: LINE_LIMITS.carouselColumnsMax })}
          </Typography.Text>
        )}
      </Flex>
      <AltTextField message={message} onChange={onChange} />
    </>
  );
}
