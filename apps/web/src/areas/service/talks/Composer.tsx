import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { allows, IMAGE_UPLOAD_TYPES, TALK_TEXT_MAX, talksApi, type OutgoingMessage } from '@linq/contract';
import { Alert, Button, Flex, Input, Tooltip } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { useSession } from '../../../app/session.ts';
import { TemplatePicker } from './TemplatePicker.tsx';
import { imageFileProblem, uploadImage } from '../../../components/image-upload.ts';
import '../../../app/i18n/parts/talks.ts';

/** The server's own message of a refused send or upload (422 field message or 413 text). */
function refusal(error: unknown): string | null {
  if (!isApiError(error) || ![413, 422].includes(error.status)) return null;
  const first = error.fieldErrors ? Object.values(error.fieldErrors)[0]?.description : undefined;
  return first ?? error.message;
}

export interface ComposerProps {
  friendId: number;
  /** Why sending is not possible (no permission, blocked), shown instead of the input. */
  blockedReason: string | null;
}

/** Text (Ctrl/⌘+Enter or the button), image and template messages to one friend. */
export function Composer({ friendId, blockedReason }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useEndpointMutation(talksApi.send, { handles: [422] });
  const session = useSession('service');
  const mayUseTemplates = session !== null && allows(session.permissions, { feature: 'templates', level: 'view' });
  const busy = send.isPending || uploading;

  async function deliver(message: OutgoingMessage): Promise<boolean> {
    try {
      await send.mutateAsync({ body: { friend_id: friendId, message } });
      return true;
    } catch (error) {
      const message = refusal(error);
      if (message) feedback.toastError(message);
      return false;
    } finally {
      // The realtime event does the same; this keeps the screen right when the socket is down.
      await invalidateEndpoints(talksApi.history);
    }
  }

  async function sendText() {
    const value = text.trim();
    if (!value || busy) return;
    if (await deliver({ type: 'text', text: value })) setText('');
  }

  async function sendImage(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return feedback.toastError(problem);
    setUploading(true);
    try {
      const { data } = await uploadImage(file);
      await deliver({ type: 'image', ...data });
    } catch (error) {
      const message = refusal(error);
      if (message) feedback.toastError(message);
    } finally {
      setUploading(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter alone makes a new line (Japanese input confirms conversions with Enter).
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void sendText();
    }
  }

  if (blockedReason) return <Alert type="info" showIcon title={blockedReason} data-testid="talk-composer-blocked" />;

  return (
    <Flex gap={8} align="flex-end" data-testid="talk-composer">
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void sendImage(file);
        }}
        data-testid="talk-image-input"
      />
      <Tooltip title={t('talks.sendImage')}>
        <Button
          icon={<PictureOutlined />}
          aria-label={t('talks.sendImage')}
          loading={uploading}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
          data-testid="talk-send-image"
        />
      </Tooltip>
      {mayUseTemplates && (
        <TemplatePicker
          disabled={busy}
          onSend={(templateId) => deliver({ type: 'template', template_id: templateId })}
        />
      )}
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={TALK_TEXT_MAX}
        showCount
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={t('talks.inputPlaceholder')}
        aria-label={t('talks.inputPlaceholder')}
        style={{ flex: 1 }}
        data-testid="talk-input"
      />
      <Button
        type="primary"
        icon={<SendOutlined />}
        loading={send.isPending && !uploading}
        disabled={busy || text.trim() === ''}
        onClick={() => void sendText()}
        data-testid="talk-send"
      >
        {t('talks.send')}
      </Button>
    </Flex>
  );
}
