import { emojiImageUrl } from '@linq/contract';
import { useTranslation } from 'react-i18next';
import { Picture } from '../line-message/LineMessageView.tsx';
import { webUrl } from '../line-message/line-message.ts';
import type { ShownPiece } from './token-view.ts';
import '../../app/i18n/parts/line-message.ts';

/** A small LINE emoji glyph, for when LINE's picture does not load (offline). */
const EMOJI_GLYPH = '☺';

/** A LINE emoji in running text: its picture at the text's size, or a small glyph. */
export function InlineEmoji({ productId, emojiId }: { productId: string; emojiId: string }) {
  const { t } = useTranslation();
  return (
    <Picture
      src={webUrl(emojiImageUrl(productId, emojiId))}
      alt={t('lineMessage.emoji')}
      style={{ width: '1.2em', height: '1.2em', verticalAlign: 'text-bottom' }}
      fallback={
        <span role="img" aria-label={t('lineMessage.emoji')}>
          {EMOJI_GLYPH}
        </span>
      }
    />
  );
}

/** Builder text as shown (sampleView): variables filled in, emoji as pictures; text rendered as text. */
export function TokenText({ pieces }: { pieces: ShownPiece[] }) {
  return pieces.map((piece, index) =>
    piece.kind === 'text' ? (
      <span key={index}>{piece.text}</span>
    ) : (
      <InlineEmoji key={index} productId={piece.productId} emojiId={piece.emojiId} />
    ),
  );
}
