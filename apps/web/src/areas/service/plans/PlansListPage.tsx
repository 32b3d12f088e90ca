import {
  ClockCircleOutlined,
  FolderOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { MissedSendChoice, PlanListItem } from '@linq/contract';
import { App, Button, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { isApiError } from '../../../app/api/errors.ts';
import { queryClient } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { FolderLayout, FolderSidebar } from '../../../components/folders/FolderSidebar.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { formatDateTime } from '../../../components/format.ts';
import { CreateButton } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { DeliverySettingsModal } from './DeliverySettingsModal.tsx';
import { ForecastModal } from './ForecastModal.tsx';
import { useCanAnalysePlans } from './analysis/usePlanAnalysis.ts';
import { MissedSendsModal } from './MissedSendsModal.tsx';
import { activeFilterOf, PLAN_LIST_FILTERS, PlanListFilters, planTypeOf } from './PlanListFilters.tsx';
import { RehearsalModal, useCanRehearse } from './RehearsalModal.tsx';
import { createPlanPath, editPlanPath, planAnalysisPath } from './paths.ts';
import {
  activatePlan,
  copyPlan,
  deactivatePlan,
  planForecastQuery,
  plansChanged,
  removePlan,
  useCanEditPlans,
  usePlanList,
} from './usePlans.ts';
import '../../../app/i18n/parts/plans.ts';
import '../../../app/i18n/parts/plan-analysis.ts';
import '../../../app/i18n/parts/phone-panel.ts';

const FILTERS = [...PLAN_LIST_FILTERS, 'folder_id'] as const;

/**
 * /service/plans: the channel's plans in folders, filtered by type, state and name (all in the
 * address), with the friends enrolled and the messages sent; copy, delete (asking before ending
 * waiting friends), activate (asking to send or skip what fell due while it was stopped; a
 * broadcast shows its forecast first) and deactivate; the channel's delivery settings.
 */
export default function PlansListPage() {
  const { t } = useTranslation();
  const { modal, notification } = App.useApp();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const folderId = recordId(filters.folder_id) ?? null;
  const planType = planTypeOf(filters.plan_type);
  const isActive = activeFilterOf(filters.is_active);
  const plans = usePlanList({
    page,
    limit,
    q: filters.q,
    folder_id: folderId ?? undefined,
    plan_type: planType,
    is_active: isActive,
  });
  const folders = useFolderList('service', 'plans');
  const canEdit = useCanEditPlans();
  const canAnalyse = useCanAnalysePlans();
  const [busy, setBusy] = useState<number | null>(null);
  const [forecastOf, setForecastOf] = useState<{ plan: PlanListItem; missedSends?: MissedSendChoice } | null>(null);
  const [missedOf, setMissedOf] = useState<PlanListItem | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const canRehearse = useCanRehearse();
  const [rehearsalOf, setRehearsalOf] = useState<PlanListItem | null>(null);
  const rows = plans.data?.data ?? [];
  const folderName = (id: number | null) =>
    (id !== null && folders.find((folder) => folder.id === id)?.name) || t('plans.noFolder');

  const afterRemove = () => {
    feedback.notifySuccess(t('plans.deleted'));
    // The last row of a later page is gone: show the page before it.
    if (rows.length === 1 && page > 1) update({ page: page - 1 });
  };

  const remove = async (plan: PlanListItem) => {
    try {
      await removePlan(plan.id, false);
      afterRemove();
    } catch (error) {
      if (!isApiError(error, 409)) return;
      // Friends wait in the plan: ending them is the user's call.
      modal.confirm({
        title: t('plans.deleteWaitingTitle'),
        content: t('plans.deleteWaitingContent', { message: error.message }),
        okText: t('plans.deleteWaitingOk'),
        okButtonProps: { danger: true, 'data-testid': 'delete-waiting-ok' },
        cancelText: t('common.cancel'),
        onOk: async () => {
          await removePlan(plan.id, true);
          afterRemove();
        },
      });
    }
  };

  const run = async (plan: PlanListItem, action: () => Promise<unknown>) => {
    setBusy(plan.id);
    try {
      await action();
    } catch {
      // Reported by the request layer.
    } finally {
      setBusy(null);
    }
  };

  const copy = (plan: PlanListItem) =>
    run(plan, async () => {
      const copied = await copyPlan(plan.id);
      notification.success({
        title: t('plans.copied', { name: copied.plan.name }),
        description: (
          <Link to={editPlanPath(copied.plan.id ?? plan.id)} data-testid="copied-link">
            {t('plans.openCopy')}
          </Link>
        ),
      });
    });

  const activate = (plan: PlanListItem, missedSends?: MissedSendChoice) => {
    // A broadcast shows what it would take before it goes.
    if (plan.plan_type === 'broadcast') {
      setForecastOf(missedSends ? { plan, missedSends } : { plan });
      return Promise.resolve();
    }
    const go = () =>
      run(plan, async () => {
        await activatePlan(plan.id, missedSends ? { missed_sends: missedSends } : {});
        feedback.notifySuccess(t('plans.activated', { name: plan.name }));
      });
    // A scenario asks first, saying who will enter it (a choice about missed sends already asked).
    if (plan.plan_type !== 'scenario' || missedSends) return go();
    return run(plan, async () => {
      const forecast = await queryClient.fetchQuery(planForecastQuery(plan.id));
      const who = t(`plans.activateConfirm.who.${plan.scenario_trigger}`, {
        defaultValue: t('plans.activateConfirm.who.other'),
      });
      modal.confirm({
        title: t('plans.activateConfirm.title', { name: plan.name }),
        content: (
          <div data-testid="activate-confirm">
            <Typography.Paragraph>{who}</Typography.Paragraph>
            <Typography.Paragraph type="secondary" data-testid="activate-confirm-audience">
              {t('plans.activateConfirm.audience', { count: forecast.data.recipients })}
            </Typography.Paragraph>
          </div>
        ),
        okText: t('plans.activate'),
        okButtonProps: { 'data-testid': 'activate-confirm-ok' },
        cancelText: t('common.cancel'),
        onOk: go,
      });
    });
  };

  const toggleActive = (plan: PlanListItem) => {
    if (plan.is_active) {
      return run(plan, async () => {
        await deactivatePlan(plan.id);
        feedback.notifySuccess(t('plans.deactivated', { name: plan.name }));
      });
    }
    // Sends fell due while it was stopped: sending or skipping them is the user's call.
    if (plan.missed_count > 0) {
      setMissedOf(plan);
      return Promise.resolve();
    }
    return activate(plan);
  };

  const columns: ColumnsType<PlanListItem> = [
    {
      title: t('plans.name'),
      key: 'name',
      // A long name takes two lines rather than pushing the actions out of view.
      width: 220,
      render: (_, plan) =>
        canEdit ? (
          <Link to={editPlanPath(plan.id)} data-testid={`plan-name-${plan.id}`}>
            {plan.name}
          </Link>
        ) : (
          <Typography.Text data-testid={`plan-name-${plan.id}`}>{plan.name}</Typography.Text>
        ),
    },
    {
      title: t('plans.type'),
      key: 'type',
      render: (_, plan) => <Tag data-testid={`plan-type-${plan.id}`}>{t(`plans.types.${plan.plan_type}`)}</Tag>,
    },
    {
      title: t('plans.state'),
      key: 'state',
      render: (_, plan) => (
        <Space size={8}>
          <Switch
            size="small"
            checked={plan.is_active}
            disabled={!canEdit}
            loading={busy === plan.id}
            onChange={() => void toggleActive(plan)}
            aria-label={plan.is_active ? t('plans.deactivate') : t('plans.activate')}
            data-testid={`plan-active-${plan.id}`}
          />
          {plan.broadcast_state === 'scheduled' ? (
            // A broadcast whose time has not come is waiting, not sending.
            <Tooltip title={plan.send_at ? t('plans.scheduledAt', { at: formatDateTime(plan.send_at) }) : undefined}>
              <Typography.Text type="warning" data-testid={`plan-state-${plan.id}`} data-state="scheduled">
                <ClockCircleOutlined /> {t('plans.scheduled')}
              </Typography.Text>
            </Tooltip>
          ) : plan.is_active ? (
            <Typography.Text type="success" data-testid={`plan-state-${plan.id}`} data-state="active">
              <PlayCircleOutlined /> {t('plans.active')}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" data-testid={`plan-state-${plan.id}`} data-state="inactive">
              <PauseCircleOutlined /> {t('plans.inactive')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('plans.enrolled'),
      key: 'enrolled',
      align: 'right',
      render: (_, plan) => (
        <span data-testid={`plan-enrolled-${plan.id}`}>{t('plans.people', { count: plan.enrolled_count })}</span>
      ),
    },
    {
      title: t('plans.sent'),
      key: 'sent',
      align: 'right',
      render: (_, plan) => {
        const sent = (
          <span data-testid={`plan-sent-${plan.id}`}>{t('plans.messages', { count: plan.sent_count })}</span>
        );
        // The sent count opens the plan's figures for those who may see them.
        return canAnalyse ? (
          <Tooltip title={t('planAnalysis.open')}>
            <Link to={planAnalysisPath(plan.id)} data-testid={`plan-analysis-${plan.id}`}>
              {sent}
            </Link>
          </Tooltip>
        ) : (
          sent
        );
      },
    },
    {
      title: t('plans.folder'),
      key: 'folder',
      // Narrower screens keep the actions in view before the folder and date.
      responsive: ['xxl'],
      render: (_, plan) =>
        plan.folder_id === null ? (
          <Typography.Text type="secondary">{t('plans.noFolder')}</Typography.Text>
        ) : (
          <Space size={4}>
            <FolderOutlined />
            {folderName(plan.folder_id)}
          </Space>
        ),
    },
    {
      title: t('plans.updatedAt'),
      key: 'updated_at',
      responsive: ['xxl'],
      render: (_, plan) => formatDateTime(plan.updated_at),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      // Kept in view when the table scrolls sideways; the main actions carry their words (words
      // only: with icons too they would not fit beside the figures at 1440 px).
      fixed: 'right',
      render: (_, plan) => (
        <Space size={4} wrap={false}>
          <Link to={editPlanPath(plan.id)}>
            <Button size="small" data-testid={`row-edit-${plan.id}`}>
              {t('common.edit')}
            </Button>
          </Link>
          <Button
            size="small"
            loading={busy === plan.id}
            onClick={() => void copy(plan)}
            data-testid={`row-copy-${plan.id}`}
          >
            {t('plans.copy')}
          </Button>
          {canRehearse && plan.plan_type !== 'auto_reply' && (
            <Button size="small" onClick={() => setRehearsalOf(plan)} data-testid={`row-rehearse-${plan.id}`}>
              {t('phonePanel.rehearsal.action')}
            </Button>
          )}
          <ConfirmDeleteButton
            compact
            name={plan.name}
            onConfirm={() => remove(plan)}
            testIdValue={`row-delete-${plan.id}`}
          />
        </Space>
      ),
    });
  }

  const filtered = Boolean(filters.q || planType || isActive);
  const emptyText = filtered ? t('plans.noMatch') : folderId !== null ? t('plans.emptyFolder') : t('plans.empty');

  return (
    <>
      <PageHeader
        extra={
          <Space>
            <Button
              icon={<SettingOutlined />}
              onClick={() => setSettingsOpen(true)}
              data-testid="delivery-settings-open"
            >
              {t('plans.deliverySettings.open')}
            </Button>
            {canEdit && <CreateButton to={createPlanPath(folderId)} />}
          </Space>
        }
      />
      <FolderLayout
        sidebar={
          <FolderSidebar
            area="service"
            folderType="plans"
            itemNoun={t('plans.noun')}
            // The deleted folder's plans now have none: the table's folder column must reload.
            onDeleted={() => plansChanged()}
          />
        }
      >
        <ResourceTable<PlanListItem>
          params={{ page, limit, update }}
          list={plans}
          columns={columns}
          toolbar={<PlanListFilters filters={filters} update={update} />}
          rowTestId={(plan) => `plan-row-${plan.id}`}
          emptyText={emptyText}
          emptyTestId="plans-empty"
          failedTestId="plans-load-failed"
          testId="plans-table"
        />
      </FolderLayout>
      {forecastOf && (
        <ForecastModal
          planId={forecastOf.plan.id}
          missedSends={forecastOf.missedSends}
          onClose={() => setForecastOf(null)}
          onActivated={() => {
            feedback.notifySuccess(t('plans.activated', { name: forecastOf.plan.name }));
            setForecastOf(null);
          }}
        />
      )}
      {missedOf && (
        <MissedSendsModal
          plan={missedOf}
          onClose={() => setMissedOf(null)}
          onChoose={(choice) => {
            setMissedOf(null);
            void activate(missedOf, choice);
          }}
        />
      )}
      {settingsOpen && <DeliverySettingsModal onClose={() => setSettingsOpen(false)} />}
      {rehearsalOf && <RehearsalModal plan={rehearsalOf} onClose={() => setRehearsalOf(null)} />}
    </>
  );
}
