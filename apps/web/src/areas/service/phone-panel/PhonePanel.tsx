import { PictureOutlined, PlusOutlined, SendOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import {
  friendsApi,
  simulatorApi,
  type ConversationEntry,
  type VirtualFriend,
  type WebhookOutcome,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Drawer, Dropdown, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { ActionButton, ChannelMessage, StickerView } from '../../../components/line-message/LineMessageView.tsx';
import {
  inlineImageUrl,
  obj,
  quickReplyActions,
  type PanelAction,
} from '../../../components/line-message/line-message.ts';
import { bubble, LINE_APP_COLOURS, phoneFrame, phoneHeader } from '../../../components/line-message/phone-style.ts';
import { usePhonePanel } from './phone-panel-store.ts';
import { RichMenuSheet } from '../rich-menu/RichMenuSheet.tsx';
import { conversationQuery, friendsSummaryQuery, virtualFriendsQuery, virtualRichMenuQuery } from './queries.ts';
import { tapDisplayText } from './tap-display.ts';
import { TimeWarpBar } from './TimeWarpBar.tsx';
import { useAccountTimeZone } from '../plans/useAccountTimeZone.ts';
import { planCountEndpoints } from '../plans/usePlans.ts';
import '../../../app/i18n/parts/phone-panel.ts';
import '../../../app/i18n/parts/line-message.ts';

/** How often the open panel looks for what the channel sent. */
const CONVERSATION_REFRESH_MS = 3_000;
const TEXT_MAX = 5000;
const NAME_MAX = 20;
/** LINE's free sample stickers (package / sticker ids). */
const SAMPLE_STICKERS = [
  { packageId: '446', stickerId: '1988' },
  { packageId: '446', stickerId: '1989' },
  { packageId: '789', stickerId: '10855' },
  { packageId: '11537', stickerId: '52002734' },
];
/** What the panel reports itself; other failures the request layer shows. */
const HANDLED = [404, 409, 422];

export interface PhonePanelProps {
  lineAccountId: number;
  botName: string;
  seeding: boolean;
  open: boolean;
  /** The demo's time warp is shown to users who may edit plans (the server refuses it outside the demo). */
  canWarpTime: boolean;
  onClose: () => void;
}

function FriendAvatar({
  friend,
  size = 24,
}: {
  friend: Pick<VirtualFriend, 'picture_url' | 'display_name'>;
  size?: number;
}) {
  return <Avatar size={size} src={friend.picture_url ?? undefined} icon={<UserOutlined />} alt={friend.display_name} />;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** A rehearsal's time moves by days: its bubbles show the day too, in the account's zone. */
const demoTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone,
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

function Row({
  side,
  entry,
  children,
  testId,
}: {
  side: 'friend' | 'channel';
  entry: Pick<ConversationEntry, 'at' | 'demo_at'>;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  // In a rehearsal the bubble carries the rehearsal's own time, as the friend would have seen it.
  const meta = (
    <span
      style={{ fontSize: 10, color: LINE_APP_COLOURS.meta, alignSelf: 'flex-end', whiteSpace: 'nowrap' }}
      title={entry.demo_at ? t('phonePanel.demoTime') : undefined}
      data-testid="sim-message-time"
      data-demo-at={entry.demo_at ?? undefined}
    >
      {entry.demo_at ? demoTime(entry.demo_at, timeZone) : time(entry.at)}
    </span>
  );
  return (
    <div
      data-testid={testId}
      data-side={side}
      style={{ display: 'flex', gap: 6, justifyContent: side === 'friend' ? 'flex-end' : 'flex-start', minWidth: 0 }}
    >
      {side === 'friend' && meta}
      <div style={{ minWidth: 0, maxWidth: '100%' }}>{children}</div>
      {side === 'channel' && meta}
    </div>
  );
}

function FromFriend({
  entry,
  tapText,
}: {
  entry: Extract<ConversationEntry, { direction: 'from_friend' }>;
  /** A postback tap's displayText (tap-display.ts). */
  tapText: string | null;
}) {
  const { t } = useTranslation();
  switch (entry.type) {
    case 'text':
      return <div style={bubble('friend')}>{entry.text}</div>;
    case 'image': {
      const src = inlineImageUrl(entry.image_url);
      return src ? (
        <img src={src} alt={t('lineMessage.image')} style={{ maxWidth: 200, maxHeight: 200, borderRadius: 12 }} />
      ) : (
        <div style={bubble('friend')}>{t('lineMessage.image')}</div>
      );
    }
    case 'sticker':
      return <StickerView packageId={entry.package_id} stickerId={entry.sticker_id} />;
    case 'postback':
      return tapText === null ? null : <div style={bubble('friend')}>{tapText}</div>;
  }
}

/** The phone: the talk as the chosen virtual friend sees it, and what they can do. */
export default function PhonePanel({ lineAccountId, botName, seeding, open, canWarpTime, onClose }: PhonePanelProps) {
  const { t } = useTranslation();
  const friends = useQuery({ ...virtualFriendsQuery(lineAccountId), enabled: open });
  // The header's count, also shown here: the panel covers the header on small screens.
  const summary = useQuery({ ...friendsSummaryQuery(lineAccountId), enabled: open }).data?.data;
  const focus = usePhonePanel((state) => state.focus);
  const [chosen, setChosen] = useState<string | null>(focus?.userId ?? null);
  useEffect(() => {
    if (focus) setChosen(focus.userId);
  }, [focus]);
  const [newName, setNewName] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = friends.data?.data ?? [];
  const friend = list.find((f) => f.user_id === chosen) ?? (chosen === null ? list[0] : undefined) ?? null;
  const userId = friend?.user_id ?? null;
  const talk = useQuery({
    ...conversationQuery(lineAccountId, userId ?? ''),
    enabled: open && userId !== null,
    refetchInterval: open ? CONVERSATION_REFRESH_MS : false,
  });
  const entries = userId && talk.data ? talk.data.data : [];
  const richMenu = useQuery({
    ...virtualRichMenuQuery(lineAccountId, userId ?? ''),
    enabled: open && userId !== null,
    refetchInterval: open ? CONVERSATION_REFRESH_MS : false,
  }).data?.data;
  // null: as the menu says (open or closed by default); the chat bar text toggles it.
  const [menuOpen, setMenuOpen] = useState<boolean | null>(null);
  useEffect(() => setMenuOpen(null), [userId]);

  const bottom = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [entries.length, userId]);

  /** Runs one action as the friend; afterwards the counts, the list and the talk are read again. */
  async function run(name: string, task: () => Promise<{ data: WebhookOutcome } | void>) {
    setBusy(name);
    try {
      const result = await task();
      if (result && !result.data.ok) {
        const reason = result.data.error ?? `HTTP ${result.data.status_code ?? '-'}`;
        feedback.toastError(t('phonePanel.webhookFailed', { reason }));
      }
      return true;
    } catch (error) {
      if (isApiError(error) && HANDLED.includes(error.status)) feedback.toastError(error.message);
      return false;
    } finally {
      setBusy(null);
      // A follow or tap may start or move a plan: its counts read again too.
      await invalidateEndpoints(
        friendsApi.summary,
        simulatorApi.friends,
        simulatorApi.conversation,
        simulatorApi.richMenu,
        simulatorApi.rehearsalOf,
        ...planCountEndpoints,
      );
    }
  }

  const act = (action: 'follow' | 'unfollow' | 'image') =>
    userId && run(action, () => call(simulatorApi[action], { params: { userId } }, { handles: HANDLED }));
  const sendText = async (value: string) => {
    if (!userId || value.trim() === '') return;
    const sent = await run('text', () =>
      call(simulatorApi.text, { params: { userId }, body: { text: value } }, { handles: HANDLED }),
    );
    if (sent && value === text) setText('');
  };
  const sendSticker = (packageId: string, stickerId: string) =>
    userId &&
    run('sticker', () =>
      call(
        simulatorApi.sticker,
        { params: { userId }, body: { package_id: packageId, sticker_id: stickerId } },
        { handles: HANDLED },
      ),
    );
  const tap = (action: PanelAction) => {
    if (!userId) return;
    if (action.kind === 'message') void sendText(action.text);
    if (action.kind === 'postback') {
      const body = { data: action.data, ...(action.params ? { params: action.params } : {}) };
      void run('postback', () => call(simulatorApi.postback, { params: { userId }, body }, { handles: HANDLED }));
    }
  };
  /** A tap on the menu: LINE sends its postback, message or tab switch; a link opens here. */
  const tapMenu = (index: number) => {
    const area = richMenu?.areas[index];
    if (!userId || !area) return;
    if (area.uri) window.open(area.uri, '_blank', 'noopener');
    void run('richmenu', () =>
      call(simulatorApi.tapRichMenu, { params: { userId }, body: { area_index: index } }, { handles: HANDLED }).then(
        ({ data }) => (data ? { data } : undefined),
      ),
    );
  };
  const create = () =>
    run('create', async () => {
      const name = newName.trim();
      const { data } = await call(
        simulatorApi.createFriend,
        { body: name ? { display_name: name } : {} },
        { handles: HANDLED },
      );
      setChosen(data.user_id);
      setNewName('');
    });

  const following = friend?.following ?? false;
  const canWrite = following && busy === null;
  const last = entries.at(-1);
  const quickReplies = last?.direction === 'to_friend' ? quickReplyActions(last.message) : [];
  const actionProps = { onAction: tap, disabled: !canWrite };

  return (
    <Drawer
      title={t('phonePanel.title')}
      extra={
        summary && (
          <Typography.Text type="secondary" data-testid="sim-friend-count">
            {t('phonePanel.friendCount', { count: summary.following })}
          </Typography.Text>
        )
      }
      open={open}
      onClose={onClose}
      mask={false}
      size={420}
      styles={{ wrapper: { maxWidth: '100vw' }, body: { padding: 12 } }}
    >
      <Flex vertical gap={10} data-testid="phone-panel" style={{ height: '100%', minHeight: 0 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('phonePanel.intro')}
        </Typography.Text>
        {seeding && <Alert type="info" showIcon title={t('phonePanel.seeding')} />}
        <Select
          data-testid="sim-friend-select"
          aria-label={t('phonePanel.selectFriend')}
          placeholder={t('phonePanel.selectFriend')}
          loading={friends.isLoading}
          value={friend?.user_id}
          onChange={(value: string) => setChosen(value)}
          showSearch={{ optionFilterProp: 'label' }}
          options={list.map((f) => ({ value: f.user_id, label: f.display_name, friend: f }))}
          optionRender={(option) => {
            const f = option.data.friend;
            return (
              <Space data-testid={`sim-friend-option-${f.user_id}`}>
                <FriendAvatar friend={f} size={20} />
                <span>{f.display_name}</span>
                {!f.following && <Typography.Text type="secondary">({t('phonePanel.notFollowing')})</Typography.Text>}
              </Space>
            );
          }}
        />
        <Space.Compact block>
          <Input
            value={newName}
            maxLength={NAME_MAX}
            placeholder={t('phonePanel.newFriendName')}
            aria-label={t('phonePanel.newFriendName')}
            onChange={(e) => setNewName(e.target.value)}
            onPressEnter={() => void create()}
            data-testid="sim-friend-name"
          />
          <Button
            icon={<PlusOutlined />}
            loading={busy === 'create'}
            onClick={() => void create()}
            data-testid="sim-friend-create"
          >
            {t('phonePanel.newFriend')}
          </Button>
        </Space.Compact>

        {friend && (
          <Flex align="center" justify="space-between" gap={8} wrap>
            <Space style={{ minWidth: 0 }}>
              <FriendAvatar friend={friend} size={32} />
              <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
                {friend.display_name}
              </Typography.Text>
              <Tag color={following ? 'success' : 'default'} data-testid="sim-friend-state">
                {following ? t('phonePanel.following') : t('phonePanel.notFollowing')}
              </Tag>
            </Space>
            {following ? (
              <Button
                danger
                loading={busy === 'unfollow'}
                disabled={busy !== null}
                onClick={() => void act('unfollow')}
                data-testid="sim-unfollow"
              >
                {t('phonePanel.unfollow')}
              </Button>
            ) : (
              <Button
                type="primary"
                loading={busy === 'follow'}
                disabled={busy !== null}
                onClick={() => void act('follow')}
                data-testid="sim-follow"
              >
                {t('phonePanel.follow')}
              </Button>
            )}
          </Flex>
        )}

        {canWarpTime && <TimeWarpBar lineAccountId={lineAccountId} userId={userId} />}

        <div style={{ ...phoneFrame, flex: 1, minHeight: 320 }}>
          <div style={phoneHeader}>{botName}</div>
          <div
            data-testid="sim-conversation"
            style={{ flex: 1, overflowY: 'auto', padding: 10, display: 'flex', flexDirection: 'column', gap: 10 }}
          >
            {!friend && (
              <div style={{ color: LINE_APP_COLOURS.headerText, textAlign: 'center' }}>{t('phonePanel.noFriend')}</div>
            )}
            {friend && entries.length === 0 && (
              <div style={{ color: LINE_APP_COLOURS.headerText, textAlign: 'center', fontSize: 12 }}>
                {t('phonePanel.empty')}
              </div>
            )}
            {entries.map((entry, index) => {
              if (entry.direction === 'from_friend') {
                const tapText = tapDisplayText(entries, index);
                // A tap without displayText is no bubble in LINE.
                if (entry.type === 'postback' && tapText === null) return null;
                return (
                  <Row key={index} side="friend" entry={entry} testId={`sim-message-${index}`}>
                    <FromFriend entry={entry} tapText={tapText} />
                  </Row>
                );
              }
              return (
                <Row key={index} side="channel" entry={entry} testId={`sim-message-${index}`}>
                  <Flex gap={6} align="flex-start">
                    <Avatar size={28} style={{ flex: '0 0 auto' }}>
                      {botName.slice(0, 1)}
                    </Avatar>
                    <ChannelMessage message={obj(entry.message) ?? {}} {...actionProps} />
                  </Flex>
                </Row>
              );
            })}
            <div ref={bottom} />
          </div>
          {quickReplies.length > 0 && (
            <div
              style={{ display: 'flex', gap: 6, overflowX: 'auto', padding: '6px 10px' }}
              data-testid="sim-quick-replies"
            >
              {quickReplies.map((action, index) => (
                <div key={index} style={{ flex: '0 0 auto' }}>
                  <ActionButton action={action} {...actionProps} />
                </div>
              ))}
            </div>
          )}
          {richMenu && following && (
            <RichMenuSheet
              testId="sim-rich-menu"
              open={menuOpen ?? richMenu.selected}
              onToggle={() => setMenuOpen(!(menuOpen ?? richMenu.selected))}
              onTap={tapMenu}
              disabled={!canWrite}
              menu={{
                chatBarText: richMenu.chat_bar_text,
                width: richMenu.width,
                height: richMenu.height,
                imageSrc: richMenu.image_url,
                areas: richMenu.areas,
              }}
            />
          )}
          <div style={{ background: LINE_APP_COLOURS.channelBubble, padding: 8 }}>
            {friend && !following && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 6 }}>
                {t('phonePanel.followHint')}
              </Typography.Text>
            )}
            <Flex gap={6} align="center">
              <Button
                icon={<PictureOutlined />}
                aria-label={t('phonePanel.sendImage')}
                title={t('phonePanel.sendImage')}
                disabled={!canWrite}
                loading={busy === 'image'}
                onClick={() => void act('image')}
                data-testid="sim-send-image"
              />
              <Dropdown
                disabled={!canWrite}
                trigger={['click']}
                menu={{
                  items: SAMPLE_STICKERS.map((s) => ({
                    key: `${s.packageId}/${s.stickerId}`,
                    label: `${t('lineMessage.sticker')} ${s.packageId} / ${s.stickerId}`,
                  })),
                  onClick: ({ key }) => {
                    const [packageId, stickerId] = key.split('/');
                    if (packageId && stickerId) void sendSticker(packageId, stickerId);
                  },
                }}
              >
                <Button
                  icon={<SmileOutlined />}
                  aria-label={t('phonePanel.sendSticker')}
                  title={t('phonePanel.sendSticker')}
                  disabled={!canWrite}
                  loading={busy === 'sticker'}
                  data-testid="sim-send-sticker"
                />
              </Dropdown>
              <Input
                value={text}
                maxLength={TEXT_MAX}
                disabled={!following}
                placeholder={t('phonePanel.inputPlaceholder')}
                aria-label={t('phonePanel.inputPlaceholder')}
                onChange={(e) => setText(e.target.value)}
                onPressEnter={() => void sendText(text)}
                data-testid="sim-text-input"
              />
              <Button
                type="primary"
                icon={<SendOutlined />}
                aria-label={t('phonePanel.send')}
                disabled={!canWrite || text.trim() === ''}
                loading={busy === 'text'}
                onClick={() => void sendText(text)}
                data-testid="sim-send"
              />
            </Flex>
          </div>
        </div>
      </Flex>
    </Drawer>
  );
}
