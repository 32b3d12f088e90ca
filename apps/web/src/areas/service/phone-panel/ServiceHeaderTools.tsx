import { MobileOutlined } from '@ant-design/icons';
import { allows, allowsEndpoint, simulatorApi, type Permissions } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Grid, Tooltip, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { closePhonePanel, openPhonePanel, usePhonePanel } from './phone-panel-store.ts';
import { friendsSummaryQuery, simulatorStatusQuery } from './queries.ts';
import '../../../app/i18n/parts/phone-panel.ts';

const PhonePanel = lazy(() => import('./PhonePanel.tsx'));

/** While the panel is open the friend count follows what the virtual friends do. */
const COUNT_REFRESH_MS = 5_000;
const SEEDING_REFRESH_MS = 3_000;

/**
 * Beside the channel selector: the channel's friend count, and for a channel bound to the LINE
 * simulator the button that opens the phone panel.
 */
export function ServiceHeaderTools({ permissions, textColour }: { permissions: Permissions; textColour?: string }) {
  const { t } = useTranslation();
  const lineAccountId = useSelectedChannelId();
  const open = usePhonePanel((state) => state.open);
  const wide = Grid.useBreakpoint().md ?? true;
  const mayCount = allows(permissions, { feature: 'friends', level: 'view' });
  // Acting as a virtual friend changes the channel: the panel is for users who may edit talks.
  const mayUsePanel = allowsEndpoint(permissions, simulatorApi.createFriend.permission);
  const mayWarpTime = allowsEndpoint(permissions, simulatorApi.advanceClock.permission);

  const status = useQuery({
    ...simulatorStatusQuery(lineAccountId ?? 0),
    enabled: lineAccountId !== null && mayUsePanel,
    refetchInterval: (query) => (query.state.data?.data.seeding ? SEEDING_REFRESH_MS : false),
  });
  const simulator = lineAccountId !== null && status.isSuccess ? status.data.data : null;
  const seeding = simulator?.seeding ?? false;
  const count = useQuery({
    ...friendsSummaryQuery(lineAccountId ?? 0),
    enabled: lineAccountId !== null && mayCount,
    refetchInterval: open || seeding ? COUNT_REFRESH_MS : false,
  });
  const summary = lineAccountId !== null && count.isSuccess ? count.data.data : null;

  return (
    <>
      {summary && (
        <Tooltip
          title={t('phonePanel.friendCountDetail', {
            following: summary.following,
            blocked: summary.blocked,
            all: summary.total,
          })}
        >
          <Typography.Text
            data-testid="friend-count"
            data-count={summary.following}
            style={{ color: textColour, whiteSpace: 'nowrap', fontSize: wide ? undefined : 12 }}
          >
            {/* A phone's header has room for the short form; the tooltip says the rest. */}
            {t(wide ? 'phonePanel.friendCount' : 'phonePanel.friendCountShort', { count: summary.following })}
          </Typography.Text>
        </Tooltip>
      )}
      {simulator && (
        <Tooltip title={t('phonePanel.openHint')}>
          <Button
            icon={<MobileOutlined />}
            aria-label={t('phonePanel.open')}
            onClick={() => openPhonePanel()}
            data-testid="phone-panel-open"
          >
            {wide ? t('phonePanel.open') : null}
          </Button>
        </Tooltip>
      )}
      {simulator && lineAccountId !== null && open && (
        <Suspense fallback={null}>
          <PhonePanel
            key={lineAccountId}
            lineAccountId={lineAccountId}
            botName={simulator.bot_name}
            seeding={seeding}
            open={open}
            canWarpTime={mayWarpTime}
            onClose={closePhonePanel}
          />
        </Suspense>
      )}
    </>
  );
}
