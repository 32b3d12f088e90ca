import { isEmptyMessage, toLineMessage, type PlanMessage } from '@linq/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelMessage } from '../../../../components/line-message/LineMessageView.tsx';
import { obj } from '../../../../components/line-message/line-message.ts';
import { sampleContext } from '../../../../components/message-builder/index.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/message-builder.ts';

const noAction = () => {};

/**
 * LINE's bubbles are drawn at 14 px and cards at 13 px: shrunk to this, their smallest text stays
 * readable (12 px) at the diagram's 100 % zoom.
 */
const PREVIEW_ZOOM = 12 / 13;

/** The box's message as a small LINE preview (taps do nothing). */
export function BoxPreview({ message }: { message: PlanMessage }) {
  const { t } = useTranslation();
  const lineMessage = useMemo(() => {
    const context = sampleContext(message, {
      friendName: t('messageBuilder.preview.sampleFriendName'),
      infoFields: [],
      unknownField: (id) => t('messageBuilder.preview.infoField', { id }),
    });
    return obj(toLineMessage(message, context)) ?? {};
  }, [message, t]);
  if (isEmptyMessage(message)) {
    return <span style={{ color: '#999' }}>{t('plans.editor.emptyBox')}</span>;
  }
  return (
    <div
      // As wide as the box once shrunk, so that text bubbles wrap inside it.
      style={{ zoom: PREVIEW_ZOOM, width: `${100 / PREVIEW_ZOOM}%`, pointerEvents: 'none' }}
      aria-hidden
      data-testid="box-preview"
    >
      <ChannelMessage message={lineMessage} onAction={noAction} disabled />
    </div>
  );
}
