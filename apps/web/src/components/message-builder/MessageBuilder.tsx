import { validateMessage, type BuilderMessage } from '@linq/contract';
import { Alert, Form } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BuilderContext,
  type PreviewPlace,
  type BuilderEnvironment,
  type InfoField,
  type UploadedBuilderImage,
} from './builder-context.ts';
import { CarouselEditor } from './CarouselEditor.tsx';
import { ConfirmEditor } from './ConfirmEditor.tsx';
import { Field } from './fields.tsx';
import { ImageCarouselEditor } from './ImageCarouselEditor.tsx';
import { ImageField } from './ImageUpload.tsx';
import { issueLocation } from './issue-location.ts';
import { issuesByPath, mergeIssues, serverIssues, type BuilderIssue } from './issues.ts';
import { withEditableShape } from './message-shape.ts';
import { QuickReplyEditor } from './QuickReplyEditor.tsx';
import { StickerPicker } from './StickerPicker.tsx';
import { TextEditor } from './TextEditor.tsx';
import '../../app/i18n/parts/message-builder.ts';

export interface MessageBuilderProps {
  value: BuilderMessage;
  onChange: (next: BuilderMessage) => void;
  /** Uploads an image for the message (the page knows where); its size may be 0 when unknown. */
  uploadImage: (file: File) => Promise<UploadedBuilderImage>;
  /** Friend info fields offered as {{info:id}} variables (none for teppan templates). */
  infoFields: InfoField[];
  /** A 422 answer's errors, keyed by save-format path. */
  serverErrors?: Record<string, { description: string }>;
  disabled?: boolean;
  /** Where the page shows the preview (beside the builder unless told). */
  previewPlace?: PreviewPlace;
}

/** True while the message breaks a LINE rule, so it cannot be saved or sent. */
export function hasBlockingIssues(message: BuilderMessage): boolean {
  return validateMessage(message).length > 0;
}

/** Every issue in one list above the editor, each with the card, button or area it is in. */
function IssueSummary({ issues }: { issues: readonly BuilderIssue[] }) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t('messageBuilder.issuesTitle', { count: issues.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {issues.map((issue, index) => {
            const location = issue.path ? issueLocation(issue.path) : [];
            return (
              <li key={index}>
                {location.length > 0 && (
                  <strong>
                    {location.map((part) => t(`messageBuilder.location.${part.key}`, { n: part.n })).join(' › ')}
                    {': '}
                  </strong>
                )}
                {issue.message}
              </li>
            );
          })}
        </ul>
      }
      style={{ marginBottom: 16 }}
      data-testid="builder-issues"
    />
  );
}

function MessageEditor({ message, onChange }: { message: BuilderMessage; onChange: (next: BuilderMessage) => void }) {
  const { t } = useTranslation();
  switch (message.message_type) {
    case 'text_message':
      return (
        <TextEditor
          value={message.text ?? ''}
          onChange={(text) => onChange({ ...message, text })}
          path={['text']}
          label={t('messageBuilder.text.label')}
        />
      );
    case 'quick_reply':
      return message.message_quick_reply ? (
        <QuickReplyEditor message={message} quickReply={message.message_quick_reply} onChange={onChange} />
      ) : null;
    case 'image':
      return (
        <Field path={['image_url']} label={t('messageBuilder.image.label')}>
          <ImageField
            url={message.image_url}
            onChange={(image) => onChange({ ...message, image_url: image?.url ?? null })}
            removable
            testId="builder-image"
          />
        </Field>
      );
    case 'sticker':
      return (
        <StickerPicker
          packageId={message.sticker_package_id}
          stickerId={message.sticker_id}
          onChange={({ packageId, stickerId }) =>
            onChange({ ...message, sticker_package_id: packageId, sticker_id: stickerId })
          }
        />
      );
    case 'confirm':
      return message.message_confirm ? (
        <ConfirmEditor message={message} confirm={message.message_confirm} onChange={onChange} />
      ) : null;
    case 'carousel':
      return <CarouselEditor message={message} columns={message.message_columns ?? []} onChange={onChange} />;
    case 'image_carousel':
      return (
        <ImageCarouselEditor message={message} columns={message.message_image_carousels ?? []} onChange={onChange} />
      );
  }
}

/**
 * The message builder: the editor for `value.message_type` (the page fixes the type), checking
 * LINE's rules as the user types. Every issue is shown next to its field and listed above; the
 * server's answer to a save is shown the same way until the field it names is changed.
 */
export function MessageBuilder({
  value,
  onChange,
  uploadImage,
  infoFields,
  serverErrors,
  disabled = false,
  previewPlace = 'beside',
}: MessageBuilderProps) {
  // A message lacking parts (read from elsewhere) is edited with them; they are kept on the first edit.
  const message = useMemo(() => withEditableShape(value), [value]);
  // The message the server's errors were about: the one shown when they arrived (compared by
  // content, so a page that rebuilds the same errors object on each render does not reset it).
  const errorsKey = JSON.stringify(serverErrors ?? null);
  const [answered, setAnswered] = useState({ errorsKey, message });
  if (answered.errorsKey !== errorsKey) setAnswered({ errorsKey, message });

  // A new, untouched message is not yet wrong: its issues appear once the user starts editing it.
  const [edited, setEdited] = useState(value.id !== null);
  const edit = useCallback(
    (next: BuilderMessage) => {
      setEdited(true);
      onChange(next);
    },
    [onChange],
  );
  const issues = useMemo(
    () => mergeIssues(edited ? validateMessage(message) : [], serverIssues(serverErrors, answered.message, message)),
    [edited, message, serverErrors, answered.message],
  );
  const environment = useMemo<BuilderEnvironment>(
    () => ({ disabled, previewPlace, uploadImage, infoFields, issues, issuesByPath: issuesByPath(issues) }),
    [disabled, previewPlace, uploadImage, infoFields, issues],
  );

  return (
    <BuilderContext.Provider value={environment}>
      {/* A div, not a form: the page may hold the builder inside its own form. */}
      <Form layout="vertical" component="div" disabled={disabled} data-testid="message-builder">
        <IssueSummary issues={issues} />
        <MessageEditor message={message} onChange={edit} />
      </Form>
    </BuilderContext.Provider>
  );
}
