import { LockOutlined, MessageOutlined } from '@ant-design/icons';
import type { FriendDetail } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../../app/navigation.tsx';
import { isApiError } from '../../../app/api/errors.ts';
import { useNoChannel, useSelectedChannelId } from '../../../app/channels/channels.ts';
import { formatDateTime, languageName } from '../../../components/format.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { FriendAbilities } from './friend-format.ts';
import {
  changeLabels,
  FriendAvatar,
  FriendStatusTag,
  LabelChips,
  LabelPicker,
  useFriendAbilities,
  type LabelKind,
} from './friend-parts.tsx';
import { DisplayNameButton, friendQuery, NotesForm, RefreshProfileButton, ScoreForm } from './FriendFieldForms.tsx';
import { FriendInfoValues } from './FriendInfoValues.tsx';
import { FriendPlans } from './FriendPlans.tsx';
import { FriendRichMenu } from '../rich-menu/FriendRichMenu.tsx';
import { FriendConversions } from '../conversions/FriendConversions.tsx';
import { FriendFormAnswers } from '../forms/FriendFormAnswers.tsx';
import { FriendInflows } from '../inflows/FriendInflows.tsx';
import { useCanViewPlans } from './friend-plans.ts';
import { FriendTalkHistory } from './FriendTalkHistory.tsx';
import { InfoFieldsDrawer } from './InfoFieldsDrawer.tsx';
import '../../../app/i18n/parts/friends.ts';

const LIST_PATH = '/service/friends';

function FriendProfile({ friend, abilities }: { friend: FriendDetail; abilities: FriendAbilities }) {
  const { t, i18n } = useTranslation();
  const personal = friend.personal_data_visible;
  const rows = [
    { key: 'status', label: t('friends.status'), children: <FriendStatusTag status={friend.status} /> },
    { key: 'followed_at', label: t('friends.followedAt'), children: formatDateTime(friend.followed_at) },
    ...(friend.blocked_at
      ? [{ key: 'blocked_at', label: t('friends.blockedAt'), children: formatDateTime(friend.blocked_at) }]
      : []),
    { key: 'unread', label: t('friends.unread'), children: friend.unread_count },
    {
      key: 'profile_fetched_at',
      label: t('friends.profileFetchedAt'),
      children: friend.profile_fetched_at
        ? formatDateTime(friend.profile_fetched_at)
        : t('friends.profileNeverFetched'),
    },
    ...(personal
      ? [
          {
            key: 'language',
            label: t('friends.language'),
            children: friend.language ? languageName(friend.language, i18n.language) : '',
          },
          {
            key: 'status_message',
            label: t('friends.statusMessage'),
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{friend.status_message ?? ''}</span>,
          },
        ]
      : []),
    ...(abilities.editFriends ? [] : [{ key: 'score', label: t('friends.score'), children: friend.score }]),
  ];
  return (
    <Card>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        <FriendAvatar name={friend.display_name} pictureUrl={friend.picture_url} size={64} />
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="friend-name">
              {friend.display_name}
            </Typography.Title>
            {abilities.editFriends && <DisplayNameButton friend={friend} />}
            {abilities.editFriends && <RefreshProfileButton friend={friend} />}
          </Space>
          {friend.display_name_override !== null && (
            <Typography.Text type="secondary" data-testid="friend-line-name">
              {t('friends.lineName', { name: friend.line_display_name })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
      <Descriptions column={1} size="small" items={rows} data-testid="friend-profile" />
      {abilities.editFriends && (
        <div style={{ marginTop: 16 }}>
          <ScoreForm key={friend.score} friend={friend} />
        </div>
      )}
    </Card>
  );
}

function FriendLabels({ friend, abilities }: { friend: FriendDetail; abilities: FriendAbilities }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const change = async (kind: LabelKind, action: 'add' | 'remove', labelId: number) => {
    setBusy(true);
    try {
      await changeLabels(kind, action, [labelId], [friend.id]);
    } catch {
      // Reported by the request layer; the chips show what the server has.
    } finally {
      setBusy(false);
    }
  };
  const section = (kind: LabelKind, mayEdit: boolean) => {
    const labels = kind === 'tag' ? friend.tags : friend.marks;
    return (
      <Flex vertical gap={8} data-testid={`friend-${kind}s`}>
        <Typography.Text strong>{t(kind === 'tag' ? 'friends.tags' : 'friends.marks')}</Typography.Text>
        <Flex wrap gap={4}>
          {labels.length === 0 && (
            <Typography.Text type="secondary">
              {t(kind === 'tag' ? 'friends.noTags' : 'friends.noMarks')}
            </Typography.Text>
          )}
          <LabelChips
            kind={kind}
            labels={labels}
            onRemove={mayEdit ? (id) => void change(kind, 'remove', id) : undefined}
          />
        </Flex>
        {mayEdit && (
          <LabelPicker
            kind={kind}
            placeholder={t(kind === 'tag' ? 'friends.addTag' : 'friends.addMark')}
            exclude={labels.map((label) => label.id)}
            onPick={(id) => void change(kind, 'add', id)}
            loading={busy}
            testId={`${kind}-add`}
            style={{ width: 'min(260px, 100%)' }}
          />
        )}
      </Flex>
    );
  };
  return (
    <Card title={t('friends.labels')}>
      <Flex vertical gap={16}>
        {section('tag', abilities.editTags)}
        {section('mark', abilities.editMarks)}
      </Flex>
    </Card>
  );
}

function PersonalDataHidden() {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        icon={<LockOutlined />}
        subTitle={t('friends.personalDataHidden')}
        style={{ padding: 16 }}
        data-testid="personal-data-hidden"
      />
    </Card>
  );
}

function FriendDetails({ friend }: { friend: FriendDetail }) {
  const { t } = useTranslation();
  const abilities = useFriendAbilities();
  const canViewPlans = useCanViewPlans();
  const [infoFieldsOpen, setInfoFieldsOpen] = useState(false);
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <FriendProfile friend={friend} abilities={abilities} />
            <FriendLabels friend={friend} abilities={abilities} />
            <FriendRichMenu friendId={friend.id} />
            <FriendConversions friendId={friend.id} />
            <FriendInflows friendId={friend.id} linkRoutes={abilities.viewInflows} />
          </Flex>
        </Col>
        <Col xs={24} lg={14}>
          <Flex vertical gap={16}>
            {friend.personal_data_visible ? (
              <>
                <Card
                  title={t('friends.infoValues')}
                  extra={
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setInfoFieldsOpen(true)}
                      data-testid="info-fields-link"
                    >
                      {t('friends.infoFields.title')}
                    </Button>
                  }
                >
                  <FriendInfoValues
                    friend={friend}
                    editable={abilities.editFriends}
                    onManageFields={abilities.editInfoFields ? () => setInfoFieldsOpen(true) : undefined}
                  />
                </Card>
                <Card title={t('friends.notes')}>
                  {abilities.editFriends ? (
                    <NotesForm key={friend.notes ?? ''} friend={friend} />
                  ) : (
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="notes-text">
                      {friend.notes}
                    </Typography.Paragraph>
                  )}
                </Card>
              </>
            ) : (
              <PersonalDataHidden />
            )}
            {canViewPlans && <FriendPlans friend={friend} />}
            <FriendFormAnswers friendId={friend.id} />
            {abilities.viewTalks && (
              <Card
                title={t('friends.talkHistory')}
                extra={
                  <Link to={`/service/talks/${friend.id}`}>
                    <Button size="small" icon={<MessageOutlined />} data-testid="open-talk">
                      {t('friends.openTalk')}
                    </Button>
                  </Link>
                }
              >
                <FriendTalkHistory friendId={friend.id} />
              </Card>
            )}
          </Flex>
        </Col>
      </Row>
      <InfoFieldsDrawer
        open={infoFieldsOpen}
        onClose={() => setInfoFieldsOpen(false)}
        editable={abilities.editInfoFields}
      />
    </>
  );
}

/** A friend that is not there (404) or not to be seen (403): say so, with the way back. */
function FriendLoadState({
  error,
  invalidId,
  onRetry,
}: {
  error: Error | null;
  invalidId: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (isApiError(error, 403)) {
    return (
      <Result
        status="403"
        title={t('friends.forbidden')}
        extra={<Link to={LIST_PATH}>{t('common.back')}</Link>}
        data-testid="friend-forbidden"
      />
    );
  }
  return <LoadState error={error} invalidId={invalidId} backTo={LIST_PATH} onRetry={onRetry} />;
}

export default function FriendDetailPage() {
  const { t } = useTranslation();
  const id = recordId(useParams().id) ?? 0;
  const channelId = useSelectedChannelId();
  const noChannel = useNoChannel();
  const friend = useQuery({ ...friendQuery(id), enabled: id > 0 && channelId !== null });
  return (
    <>
      <PageHeader backTo={LIST_PATH} />
      {friend.data ? (
        <FriendDetails friend={friend.data.data} />
      ) : noChannel ? (
        <Card>
          <Empty description={t('friends.noChannel')} />
        </Card>
      ) : (
        <Card>
          <FriendLoadState error={friend.error} invalidId={id === 0} onRetry={() => void friend.refetch()} />
        </Card>
      )}
    </>
  );
}
