import type { CSSProperties } from 'react';

/**
 * The phone panel imitates the LINE app's talk screen, so these are LINE's own colours (the friend's
 * green bubbles on the talk background), not the console's brand colours, which come from the OEM theme.
 */
export const LINE_APP_COLOURS = {
  talkBackground: '#8CABD9',
  header: '#273246',
  headerText: '#ffffff',
  friendBubble: '#8DE055',
  channelBubble: '#ffffff',
  text: '#111111',
  meta: '#4a5a73',
  placeholder: '#f2f4f7',
  border: '#dfe3ea',
  /** The glyph of a sticker whose picture does not load (LINE's sticker yellow, dark enough on grey). */
  sticker: '#d4a000',
} as const;

export const bubble = (side: 'friend' | 'channel'): CSSProperties => ({
  maxWidth: 240,
  padding: '8px 12px',
  borderRadius: 18,
  background: side === 'friend' ? LINE_APP_COLOURS.friendBubble : LINE_APP_COLOURS.channelBubble,
  color: LINE_APP_COLOURS.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: 14,
  lineHeight: 1.5,
});

export const card: CSSProperties = {
  width: 240,
  flex: '0 0 auto',
  background: LINE_APP_COLOURS.channelBubble,
  color: LINE_APP_COLOURS.text,
  borderRadius: 14,
  overflow: 'hidden',
  fontSize: 13,
};

export const placeholderBox: CSSProperties = {
  width: 140,
  padding: 12,
  borderRadius: 12,
  background: LINE_APP_COLOURS.placeholder,
  border: `1px dashed ${LINE_APP_COLOURS.border}`,
  color: LINE_APP_COLOURS.meta,
  textAlign: 'center',
  fontSize: 12,
};

export const thumbnail: CSSProperties = { display: 'block', width: '100%', maxHeight: 160, objectFit: 'cover' };

/** A phone showing LINE's talk screen: its frame (the content scrolls inside) and the channel-name bar. */
export const phoneFrame: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  borderRadius: 24,
  overflow: 'hidden',
  border: `6px solid ${LINE_APP_COLOURS.header}`,
  background: LINE_APP_COLOURS.talkBackground,
};
export const phoneHeader: CSSProperties = {
  padding: '8px 12px',
  background: LINE_APP_COLOURS.header,
  color: LINE_APP_COLOURS.headerText,
  fontWeight: 600,
  textAlign: 'center',
};
