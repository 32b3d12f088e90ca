import {
  AppstoreOutlined,
  EnvironmentOutlined,
  MailOutlined,
  PictureOutlined,
  SmileOutlined,
  SoundOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { emojiImageUrl, stickerImageUrl } from '@linq/contract';
import { Button, Tooltip } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  arr,
  emojiSegments,
  flexAspectRatio,
  flexLength,
  flexPlacement,
  linkSegments,
  obj,
  readAction,
  stickerLabel,
  str,
  webUrl,
  type Json,
  type PanelAction,
} from './line-message.ts';
import { bubble, card, LINE_APP_COLOURS, placeholderBox, thumbnail } from './phone-style.ts';
import '../../app/i18n/parts/line-message.ts';

/*
 * A LINE message object, drawn like the LINE app draws it (the phone panel and the talk screen). Every
 * text is rendered as text; images and links are used only when they are http(s).
 */

/** Text with its http(s) addresses as links that open in a new tab without access to this page. */
export function LinkifiedText({ text }: { text: string }) {
  return linkSegments(text).map((segment, index) =>
    segment.kind === 'link' ? (
      <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
        {segment.text}
      </a>
    ) : (
      <span key={index}>{segment.text}</span>
    ),
  );
}

/** A text message's text with its LINE emoji drawn as pictures (or named, when they do not load). */
export function LineText({ text, emojis }: { text: string; emojis?: unknown }) {
  const { t } = useTranslation();
  return emojiSegments(text, emojis).map((segment, index) =>
    segment.kind === 'emoji' ? (
      <Picture
        key={index}
        src={webUrl(emojiImageUrl(segment.productId, segment.emojiId))}
        alt={t('lineMessage.emoji')}
        style={{ width: '1.25em', height: '1.25em', verticalAlign: 'text-bottom' }}
        fallback={<span>{t('lineMessage.emojiFallback')}</span>}
      />
    ) : (
      <LinkifiedText key={index} text={segment.text} />
    ),
  );
}

export interface ActionProps {
  onAction: (action: PanelAction) => void;
  /** Actions are sent as the friend, who must follow the channel. */
  disabled: boolean;
}

export function ActionButton({
  action,
  onAction,
  disabled,
  primary,
}: ActionProps & { action: PanelAction | null; primary?: boolean }) {
  const { t } = useTranslation();
  if (!action) return null;
  const common = { block: true, size: 'small' as const, type: primary ? ('primary' as const) : ('default' as const) };
  if (action.kind === 'uri') {
    return (
      <Button {...common} href={action.uri} target="_blank" rel="noopener noreferrer">
        {action.label}
      </Button>
    );
  }
  if (action.kind === 'unsupported') {
    return (
      <Tooltip title={t('lineMessage.unsupportedAction')}>
        <Button {...common} disabled>
          {action.label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button {...common} disabled={disabled} onClick={() => onAction(action)} data-testid="sim-action">
      {action.label}
    </Button>
  );
}

function Placeholder({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div style={placeholderBox}>
      <div style={{ fontSize: 26, lineHeight: 1.2, marginBottom: 4 }} aria-hidden>
        {icon}
      </div>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

/** Where a picture message's image is missing or does not load. */
export function ImagePlaceholder() {
  const { t } = useTranslation();
  return <Placeholder icon={<PictureOutlined />}>{t('lineMessage.image')}</Placeholder>;
}

/** A sticker's size in the LINE app's talk. */
const STICKER_SIDE = 120;

/**
 * A sticker whose picture does not load: a sticker-sized card with a sticker glyph, so the talk reads
 * as "a sticker" at a glance; the ids are only a small caption (the one thing that tells two apart).
 */
function StickerCard({ packageId, stickerId }: { packageId: unknown; stickerId: unknown }) {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t('lineMessage.sticker')}
      data-testid="sticker-card"
      style={{
        ...placeholderBox,
        width: STICKER_SIDE,
        height: STICKER_SIDE,
        padding: 8,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
      }}
    >
      <SmileOutlined style={{ fontSize: 44, color: LINE_APP_COLOURS.sticker }} aria-hidden />
      <span>{t('lineMessage.sticker')}</span>
      <span style={{ fontSize: 10, overflowWrap: 'anywhere' }}>{stickerLabel(packageId, stickerId)}</span>
    </div>
  );
}

/**
 * A sticker as the LINE app shows it: its picture from LINE's sticker CDN (the address pattern LINE
 * publishes). The console may run without internet (a demo, this machine): the card stands in then.
 */
export function StickerView({ packageId, stickerId }: { packageId: unknown; stickerId: unknown }) {
  const { t } = useTranslation();
  const id = str(stickerId);
  return (
    <Picture
      src={id && /^\d+$/.test(id) ? webUrl(stickerImageUrl(id)) : null}
      alt={t('lineMessage.sticker')}
      style={{ display: 'block', width: STICKER_SIDE, height: STICKER_SIDE, objectFit: 'contain' }}
      fallback={<StickerCard packageId={packageId} stickerId={stickerId} />}
    />
  );
}

/** An image from an http(s) address; nothing (or `fallback`) when there is none or it does not load. */
export function Picture({
  src,
  alt,
  style,
  fallback = null,
}: {
  src: string | null;
  alt: string;
  style?: CSSProperties;
  fallback?: ReactNode;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return fallback;
  return <img src={src} alt={alt} referrerPolicy="no-referrer" style={style} onError={() => setFailed(src)} />;
}

function Actions({ actions, ...props }: ActionProps & { actions: unknown[] }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6, padding: 10 }}>
      {actions.map((action, index) => (
        <ActionButton key={index} action={readAction(action)} {...props} />
      ))}
    </div>
  );
}

function TemplateColumn({ column, ...props }: ActionProps & { column: Json }) {
  const title = str(column.title);
  const text = str(column.text);
  return (
    <div style={card}>
      <Picture src={webUrl(column.thumbnailImageUrl)} alt={title ?? ''} style={thumbnail} />
      <div style={{ padding: '10px 12px 0' }}>
        {title && <div style={{ fontWeight: 700, marginBottom: 4 }}>{title}</div>}
        {text && <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</div>}
      </div>
      <Actions actions={arr(column.actions)} {...props} />
    </div>
  );
}

const scroller: CSSProperties = { display: 'flex', gap: 8, overflowX: 'auto', maxWidth: '100%', paddingBottom: 4 };

function TemplateView({ template, altText, ...props }: ActionProps & { template: Json; altText: string }) {
  switch (str(template.type)) {
    case 'buttons':
      return <TemplateColumn column={template} {...props} />;
    case 'confirm':
      return (
        <div style={card}>
          <div style={{ padding: 12, whiteSpace: 'pre-wrap', textAlign: 'center' }}>{str(template.text)}</div>
          <div style={{ display: 'flex', gap: 6, padding: '0 10px 10px' }}>
            {arr(template.actions).map((action, index) => (
              <ActionButton key={index} action={readAction(action)} {...props} />
            ))}
          </div>
        </div>
      );
    case 'carousel':
      return (
        <div style={scroller}>
          {arr(template.columns).map((column, index) => (
            <TemplateColumn key={index} column={obj(column) ?? {}} {...props} />
          ))}
        </div>
      );
    case 'image_carousel':
      return (
        <div style={scroller}>
          {arr(template.columns).map((value, index) => {
            const column = obj(value) ?? {};
            return (
              <div key={index} style={{ ...card, width: 160 }}>
                <Picture src={webUrl(column.imageUrl)} alt="" style={{ ...thumbnail, height: 160 }} />
                <div style={{ padding: 8 }}>
                  <ActionButton action={readAction(column.action)} {...props} />
                </div>
              </div>
            );
          })}
        </div>
      );
    default:
      return <Placeholder icon={<AppstoreOutlined />}>{altText}</Placeholder>;
  }
}

const FLEX_SIZES: Record<string, number> = {
  xxs: 10,
  xs: 11,
  sm: 12,
  md: 14,
  lg: 16,
  xl: 18,
  xxl: 20,
  '3xl': 24,
  '4xl': 28,
  '5xl': 32,
};
const colour = (value: unknown) => {
  const text = str(value);
  return text && /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(text) ? text : undefined;
};

/** A tappable box as a <button> that looks like the box it is: the browser's button look reset, the box's own styles on top. */
function buttonStyle(style: CSSProperties, cursor: CSSProperties['cursor']): CSSProperties {
  const set = Object.fromEntries(Object.entries(style).filter(([, value]) => value !== undefined));
  return {
    margin: 0,
    border: 0,
    padding: 0,
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'inherit',
    ...set,
    cursor,
  };
}

/**
 * A box with an action (e.g. an image carousel's tap area over its picture): the whole box is the
 * button, reachable by keyboard and named by the action's label, with ActionButton's semantics.
 */
function TapArea({
  action,
  name,
  style,
  children,
  onAction,
  disabled,
}: ActionProps & { action: PanelAction; name: string; style: CSSProperties; children: ReactNode }) {
  const { t } = useTranslation();
  const common = { 'aria-label': name, title: name, 'data-testid': 'sim-tap-area' };
  if (action.kind === 'uri') {
    return (
      <a {...common} href={action.uri} target="_blank" rel="noopener noreferrer" style={style}>
        {children}
      </a>
    );
  }
  if (action.kind === 'unsupported') {
    return (
      <button
        {...common}
        type="button"
        disabled
        title={t('lineMessage.unsupportedAction')}
        style={buttonStyle(style, 'not-allowed')}
      >
        {children}
      </button>
    );
  }
  return (
    <button
      {...common}
      type="button"
      disabled={disabled}
      onClick={() => onAction(action)}
      style={buttonStyle(style, disabled ? 'default' : 'pointer')}
    >
      {children}
    </button>
  );
}

/** One flex component (box, text, button, image, icon, separator); others are skipped. */
function FlexNode({ node, ...props }: ActionProps & { node: unknown }) {
  const { t } = useTranslation();
  const n = obj(node);
  if (!n) return null;
  switch (str(n.type)) {
    case 'box': {
      const layout = str(n.layout);
      const style: CSSProperties = {
        display: 'flex',
        flexDirection: layout === 'vertical' ? 'column' : 'row',
        alignItems: layout === 'baseline' ? 'baseline' : undefined,
        gap: str(n.spacing) && str(n.spacing) !== 'none' ? 6 : 0,
        flex: typeof n.flex === 'number' ? n.flex : undefined,
        background: colour(n.backgroundColor),
        padding: flexLength(n.paddingAll),
        minWidth: 0,
        boxSizing: 'border-box',
        ...flexPlacement(n),
      };
      const children = arr(n.contents).map((child, index) => <FlexNode key={index} node={child} {...props} />);
      const action = readAction(n.action);
      if (!action) return <div style={style}>{children}</div>;
      const raw = obj(n.action);
      const name = str(raw?.label) ?? str(raw?.displayText) ?? t('lineMessage.tapArea');
      return (
        <TapArea action={action} name={name} style={style} {...props}>
          {children}
        </TapArea>
      );
    }
    case 'text': {
      const spans = arr(n.contents)
        .map((span) => str(obj(span)?.text))
        .filter((text): text is string => text !== null);
      return (
        <div
          style={{
            flex: typeof n.flex === 'number' ? n.flex : undefined,
            fontSize: FLEX_SIZES[str(n.size) ?? 'md'] ?? 14,
            fontWeight: str(n.weight) === 'bold' ? 700 : 400,
            color: colour(n.color),
            textAlign: str(n.align) === 'center' ? 'center' : str(n.align) === 'end' ? 'right' : undefined,
            whiteSpace: n.wrap === true ? 'pre-wrap' : 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            minWidth: 0,
          }}
        >
          {spans.length > 0 ? spans.join('') : str(n.text)}
        </div>
      );
    }
    case 'button':
      return (
        <div style={{ flex: 1, minWidth: 0 }}>
          <ActionButton action={readAction(n.action)} primary={str(n.style) === 'primary'} {...props} />
        </div>
      );
    case 'image': {
      const aspectRatio = flexAspectRatio(n.aspectRatio);
      if (aspectRatio) {
        // A sized image keeps its shape even when it does not load, since boxes may be placed over it.
        const shape: CSSProperties = { display: 'block', width: str(n.size) === 'full' ? '100%' : 160, aspectRatio };
        return (
          <Picture
            src={webUrl(n.url)}
            alt=""
            style={{ ...shape, maxWidth: '100%', objectFit: str(n.aspectMode) === 'cover' ? 'cover' : 'contain' }}
            fallback={<div style={{ ...shape, background: LINE_APP_COLOURS.placeholder }} />}
          />
        );
      }
      return (
        <Picture
          src={webUrl(n.url)}
          alt=""
          style={{
            display: 'block',
            width: str(n.size) === 'full' ? '100%' : 'auto',
            maxWidth: '100%',
            maxHeight: 180,
          }}
        />
      );
    }
    case 'icon':
      return <Picture src={webUrl(n.url)} alt="" style={{ width: 14, height: 14 }} />;
    case 'separator':
      return <div style={{ borderTop: `1px solid ${LINE_APP_COLOURS.border}`, margin: '4px 0' }} />;
    default:
      return null;
  }
}

function FlexBubble({ bubbleNode, ...props }: ActionProps & { bubbleNode: Json }) {
  const hero = obj(bubbleNode.hero);
  return (
    <div style={card}>
      {['header', 'hero', 'body', 'footer'].map((part) => {
        const node = obj(bubbleNode[part]);
        if (!node) return null;
        // A part is padded unless it is a hero image or a box that sets its own padding.
        const bare = (part === 'hero' && str(hero?.type) === 'image') || flexLength(node.paddingAll) !== undefined;
        return (
          <div key={part} style={bare ? undefined : { padding: 10 }}>
            <FlexNode node={node} {...props} />
          </div>
        );
      })}
    </div>
  );
}

function FlexView({ contents, altText, ...props }: ActionProps & { contents: Json; altText: string }) {
  if (str(contents.type) === 'carousel') {
    return (
      <div style={scroller}>
        {arr(contents.contents).map((b, index) => (
          <FlexBubble key={index} bubbleNode={obj(b) ?? {}} {...props} />
        ))}
      </div>
    );
  }
  if (str(contents.type) === 'bubble') return <FlexBubble bubbleNode={contents} {...props} />;
  return <Placeholder icon={<AppstoreOutlined />}>{altText}</Placeholder>;
}

function ImagemapView({ message, ...props }: ActionProps & { message: Json }) {
  const { t } = useTranslation();
  const base = webUrl(message.baseUrl);
  const actions = arr(message.actions).map((value) => {
    const action = obj(value) ?? {};
    return str(action.type) === 'uri'
      ? { type: 'uri', label: str(action.label) ?? t('lineMessage.link'), uri: action.linkUri }
      : { type: 'message', label: str(action.label) ?? str(action.text), text: action.text };
  });
  return (
    <div style={card}>
      {base ? (
        <Picture src={`${base}/700`} alt={str(message.altText) ?? ''} style={thumbnail} />
      ) : (
        <div style={{ padding: 12 }}>{str(message.altText)}</div>
      )}
      <Actions actions={actions} {...props} />
    </div>
  );
}

/** The body of one message the channel sent (without the avatar and time). */
export function ChannelMessage({ message, ...props }: ActionProps & { message: Json }) {
  const { t } = useTranslation();
  const type = str(message.type) ?? '';
  const altText = str(message.altText) ?? t('lineMessage.types.unknown', { type });
  switch (type) {
    case 'text':
    case 'textV2':
      return (
        <div style={bubble('channel')}>
          <LineText text={str(message.text) ?? ''} emojis={message.emojis} />
        </div>
      );
    case 'image': {
      const src = webUrl(message.previewImageUrl) ?? webUrl(message.originalContentUrl);
      return (
        <Picture
          src={src}
          alt={t('lineMessage.image')}
          style={{ display: 'block', maxWidth: 200, maxHeight: 240, borderRadius: 12 }}
          fallback={<ImagePlaceholder />}
        />
      );
    }
    case 'sticker':
      return <StickerView packageId={message.packageId} stickerId={message.stickerId} />;
    case 'video':
      return <Placeholder icon={<VideoCameraOutlined />}>{t('lineMessage.types.video')}</Placeholder>;
    case 'audio':
      return <Placeholder icon={<SoundOutlined />}>{t('lineMessage.types.audio')}</Placeholder>;
    case 'location':
      return (
        <Placeholder icon={<EnvironmentOutlined />}>
          <strong>{str(message.title)}</strong>
          <br />
          {str(message.address)}
        </Placeholder>
      );
    case 'imagemap':
      return <ImagemapView message={message} {...props} />;
    case 'template':
      return <TemplateView template={obj(message.template) ?? {}} altText={altText} {...props} />;
    case 'flex':
      return <FlexView contents={obj(message.contents) ?? {}} altText={altText} {...props} />;
    default:
      return <Placeholder icon={<MailOutlined />}>{altText}</Placeholder>;
  }
}
