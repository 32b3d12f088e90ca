import { isEmptyMessage, toLineMessage, type PlanMessage } from '@linq/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelMessage } from '../../../../components/line-message/LineMessageView.tsx';
import { obj } from '../../../../components/line-message/line-message.ts';
import { sampleContext } from '../../../../components/message-builder/index.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/message-builder.ts';

const noAction = () => {};

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
    <div style={{ zoom: 0.6, pointerEvents: 'none' }} aria-hidden>
      <ChannelMessage message={lineMessage} onAction={noAction} disabled />
    </div>
  );
}
