import { PlayCircleOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { planSaveAnswer, plansApi, toPlanFormData, type PlanErrors, type PlanSaveAnswer } from '@linq/contract';
import { Alert, Button, Card, Col, Row, Space, Tabs, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../../app/navigation.tsx';
import { callWithForm } from '../../../../app/api/call.ts';
import { isApiError } from '../../../../app/api/errors.ts';
import { feedback } from '../../../../app/feedback.ts';
import { useLeaveGuard } from '../../../../components/LeaveGuard.tsx';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { ForecastModal } from '../ForecastModal.tsx';
import { PLANS_PATH } from '../paths.ts';
import { plansChanged, useCanEditPlans } from '../usePlans.ts';
import { BoxPanel } from './BoxPanel.tsx';
import { PlanDiagram } from './PlanDiagram.tsx';
import { PlanHistoryPanel } from './PlanHistoryPanel.tsx';
import { PlanSettings } from './PlanSettings.tsx';
import { historyShortcut, isTextEntry } from './shortcuts.ts';
import { selectCanRedo, selectCanUndo, usePlanEditor } from './store.ts';
import { prepareSubmit, saveOutcome, snapshotForSubmit } from './submit.ts';
import { TimingPanel } from './TimingPanel.tsx';
import { useTriggerOptions } from './useEditorOptions.ts';
import '../../../../app/i18n/parts/plans.ts';

/** A refused save's body: { success: false, errors } (the id only comes with a saved plan). */
const failedSave = planSaveAnswer.pick({ success: true, errors: true });

/** A failed save's answer: the body when it is the plan save answer, else the errors the request layer read. */
function failedAnswer(error: unknown): Pick<PlanSaveAnswer, 'success' | 'errors'> | null {
  if (!isApiError(error, 422)) return null;
  const parsed = failedSave.safeParse(error.body);
  if (parsed.success) return parsed.data;
  return { success: false, errors: error.fieldErrors ?? error.message };
}

/** Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, except while typing in a field. */
function useHistoryShortcuts(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const command = historyShortcut(event);
      if (command === null || isTextEntry(event.target)) return;
      event.preventDefault();
      const store = usePlanEditor.getState();
      if (command === 'undo') store.undo();
      else store.redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/**
 * The plan editor: the diagram beside a side panel with the plan's settings, the selected box's
 * message or the selected arrow's timing. Saving follows spec section 8: keyed errors show the
 * first one's description as an error notification and the user stays with that box highlighted;
 * success goes to /service/plans. Leaving with unsaved changes asks first.
 */
export function PlanEditor({ savedSendAt }: { savedSendAt: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCanEditPlans();
  const selection = usePlanEditor((store) => store.selection);
  const dirty = usePlanEditor((store) => store.editor.confirmLeave);
  const plan = usePlanEditor((store) => store.editor.present.plan);
  const canUndo = usePlanEditor(selectCanUndo);
  const canRedo = usePlanEditor(selectCanRedo);
  const { undo, redo, select, showError, saved } = usePlanEditor.getState();
  const triggers = useTriggerOptions();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<PlanErrors>({});
  const [forecasting, setForecasting] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const leaveGuard = useLeaveGuard(canEdit && dirty);
  // Choosing a box or an arrow in the diagram leaves the history for its panel.
  useEffect(() => setShowHistory(false), [selection]);
  useHistoryShortcuts(canEdit);

  const fail = (answer: Pick<PlanSaveAnswer, 'success' | 'errors'>) => {
    const outcome = saveOutcome(answer, snapshotForSubmit(usePlanEditor.getState().editor));
    if (outcome.kind !== 'error') return;
    feedback.notifyError(t('plans.editor.saveFailed'), outcome.description);
    setErrors(typeof answer.errors === 'string' ? {} : answer.errors);
    showError(outcome.boxId);
  };

  const save = async () => {
    const state = usePlanEditor.getState().editor;
    const { payload, errors: found } = prepareSubmit(state, {
      selectedFolderId: state.present.plan.folder_id,
      now: new Date(),
      savedSendAt,
      ...(triggers ? { triggers } : {}),
    });
    if (Object.keys(found).length > 0) {
      fail({ success: false, errors: found });
      return;
    }
    setSaving(true);
    try {
      const form = toPlanFormData(payload);
      const id = state.present.plan.id;
      const answer =
        id === null
          ? await callWithForm(plansApi.create, {}, form, { handles: [422] })
          : await callWithForm(plansApi.update, { params: { id } }, form, { handles: [422] });
      const outcome = saveOutcome(answer, state.present);
      if (outcome.kind === 'error') {
        fail(answer);
        return;
      }
      saved();
      setErrors({});
      await plansChanged();
      leaveGuard.allowLeave();
      await navigate(outcome.navigateTo);
      // Said on the list it returns to, naming the plan, so the return is not silent.
      feedback.notifySuccess(t('plans.editor.saved', { name: state.present.plan.name }));
    } catch (error) {
      const answer = failedAnswer(error);
      if (answer) fail(answer);
    } finally {
      setSaving(false);
    }
  };

  const activeTab = showHistory ? 'history' : selection.kind;
  const panel = (
    <Tabs
      activeKey={activeTab}
      onChange={(key) => {
        setShowHistory(key === 'history');
        if (key === 'settings') select({ kind: 'settings' });
      }}
      items={[
        {
          key: 'settings',
          label: <span data-testid="panel-tab-settings">{t('plans.editor.settings')}</span>,
          children: <PlanSettings disabled={!canEdit} />,
        },
        {
          key: 'box',
          label: t('plans.editor.box'),
          disabled: selection.kind !== 'box',
          children:
            selection.kind === 'box' ? <BoxPanel boxId={selection.boxId} errors={errors} disabled={!canEdit} /> : null,
        },
        {
          key: 'timing',
          label: t('plans.editor.timing'),
          disabled: selection.kind !== 'timing',
          children: selection.kind === 'timing' ? <TimingPanel end={selection.end} disabled={!canEdit} /> : null,
        },
        {
          key: 'history',
          label: <span data-testid="panel-tab-history">{t('plans.history.tab')}</span>,
          disabled: plan.id === null,
          children: showHistory && plan.id !== null ? <PlanHistoryPanel planId={plan.id} /> : null,
        },
      ]}
    />
  );

  const tools = canEdit && (
    <Space wrap>
      <Tooltip title={`${t('plans.editor.undo')} (Ctrl+Z)`}>
        <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={undo} data-testid="plan-undo">
          {t('plans.editor.undo')}
        </Button>
      </Tooltip>
      <Tooltip title={`${t('plans.editor.redo')} (Shift+Ctrl+Z)`}>
        <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={redo} data-testid="plan-redo">
          {t('plans.editor.redo')}
        </Button>
      </Tooltip>
      {plan.plan_type === 'broadcast' && plan.id !== null && !plan.is_active && !dirty && (
        <Button icon={<PlayCircleOutlined />} onClick={() => setForecasting(true)} data-testid="plan-activate">
          {t('plans.activate')}
        </Button>
      )}
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={saving}
        onClick={() => void save()}
        data-testid="plan-save"
      >
        {t('plans.editor.save')}
      </Button>
    </Space>
  );

  return (
    <>
      <PageHeader backTo={PLANS_PATH} extra={tools} />
      {!canEdit && <Alert type="info" showIcon title={t('plans.editor.viewOnly')} style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card styles={{ body: { padding: 0, height: '72vh', minHeight: 420 } }}>
            <PlanDiagram />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            styles={{ body: { maxHeight: '72vh', minHeight: 420, overflow: 'auto' } }}
            data-testid="plan-side-panel"
          >
            {panel}
          </Card>
        </Col>
      </Row>
      {forecasting && plan.id !== null && (
        <ForecastModal
          planId={plan.id}
          onClose={() => setForecasting(false)}
          onActivated={() => {
            setForecasting(false);
            feedback.notifySuccess(t('plans.activated', { name: plan.name }));
            usePlanEditor.getState().load({
              ...usePlanEditor.getState().editor.present,
              plan: { ...plan, is_active: true },
            });
          }}
        />
      )}
      {leaveGuard.dialog}
    </>
  );
}
