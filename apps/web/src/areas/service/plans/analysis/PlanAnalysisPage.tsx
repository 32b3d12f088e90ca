import { DownloadOutlined } from '@ant-design/icons';
import { PLAN_ANALYSIS_FRIENDS_MAX, type MessageType } from '@linq/contract';
import { Avatar, Button, Card, DatePicker, Drawer, Flex, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../../../app/navigation.tsx';
import { saveBlob } from '../../../../app/api/download.ts';
import { formatDateTime } from '../../../../components/format.ts';
import { LoadState, recordId } from '../../../../components/LoadState.tsx';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { PLAN_ANALYSIS_PATH } from '../paths.ts';
import { boxName } from '../editor/box-name.ts';
import { AnalysisDiagram } from './AnalysisDiagram.tsx';
import { figuresCsv, figuresCsvName } from './figures-csv.ts';
import { useAccountTimeZoneName } from '../useAccountTimeZone.ts';
import { usePlanAnalysis } from './usePlanAnalysis.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/plan-analysis.ts';
import '../../../../app/i18n/parts/templates.ts';

const DATE = 'YYYY-MM-DD';
const isDay = (value: string | null) => (value && dayjs(value, DATE, true).isValid() ? value : undefined);

/**
 * /service/plan-analysis/:id: the plan's diagram (read-only) with each box's sent, failed and
 * waiting and each option's taps and tap rate, for a day range in the address (?from, ?to); a click
 * on a box's waiting count lists the friends there; the figures download as CSV.
 */
export default function PlanAnalysisPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = recordId(idParam) ?? 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const from = isDay(searchParams.get('from'));
  const to = isDay(searchParams.get('to'));
  const timeZoneName = useAccountTimeZoneName();
  const analysis = usePlanAnalysis(id, { from, to });
  const [waitingBox, setWaitingBox] = useState<string | null>(null);
  const openWaiting = useCallback((boxId: string) => setWaitingBox(boxId), []);
  const detail = analysis.data;

  if (!detail) {
    return (
      <>
        <PageHeader backTo={PLAN_ANALYSIS_PATH} />
        <Card>
          <LoadState
            error={analysis.error}
            invalidId={id === 0}
            backTo={PLAN_ANALYSIS_PATH}
            onRetry={() => void analysis.refetch()}
          />
        </Card>
      </>
    );
  }

  const waitingAction = detail.plan_actions.find((action) => action.box_id === waitingBox);
  const setRange = (next: { from?: string | undefined; to?: string | undefined }) =>
    setSearchParams(
      (params) => {
        for (const key of ['from', 'to'] as const) {
          const value = next[key];
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      },
      { replace: true },
    );

  const downloadCsv = () => {
    const csv = figuresCsv(detail, {
      header: t('planAnalysis.csvHeader', { returnObjects: true }),
      typeName: (type: MessageType) => t(`templates.types.${type}`),
    });
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), figuresCsvName(id, from, to));
  };

  return (
    <>
      <PageHeader
        backTo={PLAN_ANALYSIS_PATH}
        extra={
          <Button icon={<DownloadOutlined />} onClick={downloadCsv} data-testid="analysis-csv">
            {t('planAnalysis.csv')}
          </Button>
        }
      />
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="analysis-plan-name">
            {detail.plan.name}
          </Typography.Title>
          <Tag>{t(`plans.types.${detail.plan.plan_type}`)}</Tag>
          <Space wrap>
            <span>{t('planAnalysis.range')}</span>
            <DatePicker.RangePicker
              value={[from ? dayjs(from, DATE) : null, to ? dayjs(to, DATE) : null]}
              allowEmpty={[true, true]}
              placeholder={[t('planAnalysis.rangeFrom'), t('planAnalysis.rangeTo')]}
              onChange={(dates) => setRange({ from: dates?.[0]?.format(DATE), to: dates?.[1]?.format(DATE) })}
              data-testid="analysis-range"
            />
          </Space>
        </Flex>
        <Typography.Text type="secondary">{t('planAnalysis.rangeHint', { zone: timeZoneName })}</Typography.Text>
        <Card styles={{ body: { padding: 0, height: '72vh', minHeight: 420 } }}>
          <AnalysisDiagram detail={detail} onWaiting={openWaiting} />
        </Card>
      </Flex>
      <WaitingFriends
        planId={id}
        boxId={waitingBox}
        boxName={
          waitingAction ? boxName(waitingAction.message, t(`templates.types.${waitingAction.message_type}`)) : ''
        }
        total={waitingAction ? waitingAction.figures.waiting + waitingAction.figures.blocked : 0}
        onClose={() => setWaitingBox(null)}
      />
    </>
  );
}

/** The friends waiting at a box now (those due soonest first), each linking to the friend's page. */
function WaitingFriends(props: {
  planId: number;
  boxId: string | null;
  boxName: string;
  total: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const atBox = usePlanAnalysis(props.planId, { box_id: props.boxId ?? undefined }, props.boxId !== null);
  const answer = props.boxId !== null && atBox.data ? atBox.data : null;
  const profiles = new Map((answer?.profiles ?? []).map((profile) => [profile.id, profile]));
  const friends = answer?.friends ?? [];
  return (
    <Drawer
      open={props.boxId !== null}
      onClose={props.onClose}
      title={t('planAnalysis.waitingAt', { box: props.boxName })}
      width={420}
      data-testid="waiting-friends"
    >
      {props.total > friends.length && friends.length === PLAN_ANALYSIS_FRIENDS_MAX && (
        <Typography.Paragraph type="secondary">
          {t('planAnalysis.shownFirst', { shown: friends.length, total: props.total })}
        </Typography.Paragraph>
      )}
      <List
        loading={atBox.isFetching}
        dataSource={friends}
        rowKey={(friend) => friend.enrolment_id}
        locale={{ emptyText: t('planAnalysis.waitingAtNone') }}
        renderItem={(friend) => {
          const profile = profiles.get(friend.id);
          return (
            <List.Item data-testid={`waiting-friend-${friend.id}`}>
              <List.Item.Meta
                avatar={<Avatar src={profile?.picture_url ?? undefined}>{profile?.display_name.slice(0, 1)}</Avatar>}
                title={
                  <Link to={`/service/friends/${friend.id}`} aria-label={t('planAnalysis.openFriend')}>
                    {profile?.display_name ?? `#${friend.id}`}
                  </Link>
                }
                description={
                  friend.blocked ? (
                    <Tag color="red" data-testid={`waiting-friend-blocked-${friend.id}`}>
                      {t('planAnalysis.blockedFriend')}
                    </Tag>
                  ) : friend.next_action_at ? (
                    `${t('planAnalysis.nextSend')}: ${formatDateTime(friend.next_action_at)}`
                  ) : (
                    t('planAnalysis.waitingForTap')
                  )
                }
              />
            </List.Item>
          );
        }}
      />
    </Drawer>
  );
}
