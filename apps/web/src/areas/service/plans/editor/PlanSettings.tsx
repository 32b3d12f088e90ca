import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  KEYWORD_MATCHES,
  PLAN_KEYWORDS_MAX,
  PLAN_NAME_MAX,
  PLAN_TARGET_CONDITIONS_MAX,
  PLAN_TYPES,
  REENTRY_POLICIES,
  WEEKDAYS,
  type Plan,
  type PlanLabelRef,
  type PlanType,
  type TargetCondition,
} from '@linq/contract';
import { Button, Card, Checkbox, DatePicker, Divider, Form, Input, Radio, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderSelect } from '../../../../components/folders/FolderSelect.tsx';
import { useFolderList } from '../../../../components/folders/useFolders.ts';
import { typingFieldOf } from './shortcuts.ts';
import { useAccountTimeZone, useAccountTimeZoneName } from '../useAccountTimeZone.ts';
import { usePlanEditor } from './store.ts';
import { isoOfPicked, nextFullHourIso, pickerValueOf } from './zoned-time.ts';
import {
  useFriendSearch,
  useMarkOptions,
  useRefOptions,
  useScenarioOptions,
  useTagOptions,
  useTriggerOptions,
} from './useEditorOptions.ts';
import '../../../../app/i18n/parts/plans.ts';

/**
 * How a scenario starts: one of the triggers there are (the built-in ones and those modules
 * register), and the item it names when it names one (the tag of "a tag is put on"), picked from
 * the list the trigger gives.
 */
function ScenarioTrigger({ plan, change }: { plan: Plan; change: (changes: Partial<Plan>) => void }) {
  const { t } = useTranslation();
  const triggers = useTriggerOptions() ?? [];
  const current = triggers.find((trigger) => trigger.kind === plan.scenario_trigger);
  const refs = useRefOptions(current?.ref?.list_path ?? null);
  const label = (kind: string) =>
    t(`plans.settings.triggers.${kind}`, { defaultValue: t('plans.settings.otherTrigger') });
  return (
    <>
      <Form.Item label={t('plans.settings.trigger')}>
        <Select
          value={plan.scenario_trigger}
          onChange={(scenario_trigger: string) => change({ scenario_trigger, trigger_ref_id: null })}
          options={triggers.map((trigger) => ({ value: trigger.kind, label: label(trigger.kind) }))}
          data-testid="plan-trigger"
        />
      </Form.Item>
      {current?.ref && (
        <Form.Item
          label={t(`plans.settings.triggerRefs.${current.kind}`, { defaultValue: t('plans.settings.triggerRef') })}
        >
          <Select<number>
            value={plan.trigger_ref_id ?? undefined}
            onChange={(trigger_ref_id) => change({ trigger_ref_id })}
            options={refs.map((item) => ({ value: item.id, label: item.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="plan-trigger-ref"
          />
        </Form.Item>
      )}
    </>
  );
}

/**
 * Picks labels by id; the plan keeps them with their names. A label its saved target still names
 * though it was deleted is shown as deleted (the target matches nobody through it) until removed.
 */
function LabelPicker(props: {
  value: PlanLabelRef[];
  options: PlanLabelRef[];
  onChange: (labels: PlanLabelRef[]) => void;
  testId: string;
  kind: 'tags' | 'marks';
}) {
  const { t } = useTranslation();
  const known = new Map([...props.value, ...props.options].map((label) => [label.id, label]));
  const nameOf = (label: PlanLabelRef) =>
    label.deleted ? t(props.kind === 'tags' ? 'plans.settings.deletedTag' : 'plans.settings.deletedMark') : label.name;
  return (
    <Select<number[]>
      mode="multiple"
      value={props.value.map((label) => label.id)}
      onChange={(ids) => props.onChange(ids.flatMap((id) => known.get(id) ?? []))}
      options={[...known.values()].map((label) => ({ value: label.id, label: nameOf(label) }))}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      data-testid={props.testId}
    />
  );
}

function TargetConditions({ plan, change }: { plan: Plan; change: (changes: Partial<Plan>) => void }) {
  const { t } = useTranslation();
  const tags = useTagOptions();
  const setCondition = (index: number, condition: TargetCondition) =>
    change({ target_conditions: plan.target_conditions.map((item, at) => (at === index ? condition : item)) });
  const removeCondition = (index: number) => {
    const removed = plan.target_conditions[index];
    change({
      target_conditions: plan.target_conditions.filter((_, at) => at !== index),
      // A saved condition is sent as its id with the destroy flag.
      deletedConditionIds: removed?.id != null ? [...plan.deletedConditionIds, removed.id] : plan.deletedConditionIds,
    });
  };
  return (
    <Form.Item label={t('plans.settings.conditions')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {plan.target_conditions.map((condition, index) => (
          <Card
            key={condition.id ?? `new-${index}`}
            size="small"
            extra={
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('plans.settings.removeCondition')}
                onClick={() => removeCondition(index)}
              />
            }
            data-testid={`target-condition-${index}`}
          >
            <Form.Item label={t('plans.settings.conditionAccepted')} style={{ marginBottom: 8 }}>
              <LabelPicker
                kind="tags"
                value={condition.tags_accepted}
                options={tags}
                onChange={(tags_accepted) => setCondition(index, { ...condition, tags_accepted })}
                testId={`condition-accepted-${index}`}
              />
            </Form.Item>
            <Form.Item label={t('plans.settings.conditionExcepted')} style={{ marginBottom: 0 }}>
              <LabelPicker
                kind="tags"
                value={condition.tags_excepted}
                options={tags}
                onChange={(tags_excepted) => setCondition(index, { ...condition, tags_excepted })}
                testId={`condition-excepted-${index}`}
              />
            </Form.Item>
          </Card>
        ))}
        <Button
          icon={<PlusOutlined />}
          disabled={plan.target_conditions.length >= PLAN_TARGET_CONDITIONS_MAX}
          onClick={() =>
            change({
              target_conditions: [...plan.target_conditions, { id: null, tags_accepted: [], tags_excepted: [] }],
            })
          }
          data-testid="add-condition"
        >
          {t('plans.settings.addCondition')}
        </Button>
      </Space>
    </Form.Item>
  );
}

function SpecifiedFriends({ plan, change }: { plan: Plan; change: (changes: Partial<Plan>) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useFriendSearch(search);
  const known = new Map([...plan.target_friends, ...found].map((friend) => [friend.id, friend]));
  return (
    <Form.Item>
      <Checkbox
        checked={plan.target_is_specified_friend}
        onChange={(event) => change({ target_is_specified_friend: event.target.checked })}
        data-testid="target-specified"
      >
        {t('plans.settings.specifiedFriends')}
      </Checkbox>
      {plan.target_is_specified_friend && (
        <Select<number[]>
          mode="multiple"
          value={plan.target_friends.map((friend) => friend.id)}
          onChange={(ids) => change({ target_friends: ids.flatMap((id) => known.get(id) ?? []) })}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder={t('plans.settings.friendsSearch')}
          options={[...known.values()].map((friend) => ({ value: friend.id, label: friend.display_name }))}
          style={{ width: '100%', marginTop: 8 }}
          data-testid="target-friends"
        />
      )}
    </Form.Item>
  );
}

function Targets({ plan, change }: { plan: Plan; change: (changes: Partial<Plan>) => void }) {
  const { t } = useTranslation();
  const tags = useTagOptions();
  const marks = useMarkOptions();
  return (
    <>
      <Form.Item label={t('plans.settings.target')}>
        <Radio.Group
          value={plan.target_send}
          onChange={(event) => {
            const targetSend = event.target.value as Plan['target_send'];
            change({ target_send: targetSend, target_is_all: targetSend === 'all_target' });
          }}
          options={[
            { value: 'all_target', label: t('plans.settings.targetAll') },
            {
              value: 'advanced',
              label: <span data-testid="target-advanced">{t('plans.settings.targetAdvanced')}</span>,
            },
          ]}
        />
      </Form.Item>
      {plan.target_send === 'advanced' && (
        <>
          <Form.Item label={t('plans.settings.targetTags')}>
            <Space.Compact style={{ width: '100%' }}>
              <LabelPicker
                kind="tags"
                value={plan.target_tags}
                options={tags}
                onChange={(target_tags) => change({ target_tags })}
                testId="target-tags"
              />
              <Select<'has' | 'hasNot'>
                value={plan.target_has_tag ? 'has' : 'hasNot'}
                onChange={(value) => change({ target_has_tag: value === 'has' })}
                data-testid="target-has-tag"
                options={[
                  { value: 'has', label: t('plans.settings.has') },
                  { value: 'hasNot', label: t('plans.settings.hasNot') },
                ]}
                style={{ width: 110 }}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('plans.settings.targetMarks')}>
            <Space.Compact style={{ width: '100%' }}>
              <LabelPicker
                kind="marks"
                value={plan.target_marks}
                options={marks}
                onChange={(target_marks) => change({ target_marks })}
                testId="target-marks"
              />
              <Select<'has' | 'hasNot'>
                value={plan.target_has_mark ? 'has' : 'hasNot'}
                onChange={(value) => change({ target_has_mark: value === 'has' })}
                data-testid="target-has-mark"
                options={[
                  { value: 'has', label: t('plans.settings.has') },
                  { value: 'hasNot', label: t('plans.settings.hasNot') },
                ]}
                style={{ width: 110 }}
              />
            </Space.Compact>
          </Form.Item>
          <TargetConditions plan={plan} change={change} />
          <SpecifiedFriends plan={plan} change={change} />
        </>
      )}
    </>
  );
}

function TypeSettings({ plan, change }: { plan: Plan; change: (changes: Partial<Plan>) => void }) {
  const { t } = useTranslation();
  const weekdayNames = t('plans.timingEditor.weekdayNames', { returnObjects: true });
  const timeZone = useAccountTimeZone();
  const timeZoneName = useAccountTimeZoneName();
  const isoOf = (value: Dayjs | null) => isoOfPicked(value, timeZone);
  const dayjsOf = (value: string | null) => pickerValueOf(value, timeZone);
  switch (plan.plan_type) {
    case 'broadcast':
      return (
        <Form.Item label={t('plans.settings.sendAt')} extra={t('plans.settings.timeZoneNote', { zone: timeZoneName })}>
          <Radio.Group
            value={plan.send_at === null ? 'now' : 'scheduled'}
            onChange={(event) =>
              change({ send_at: event.target.value === 'now' ? null : nextFullHourIso(new Date(), timeZone) })
            }
            options={[
              { value: 'now', label: t('plans.settings.sendNow') },
              { value: 'scheduled', label: t('plans.settings.sendScheduled') },
            ]}
          />
          {plan.send_at !== null && (
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: 5 }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              value={dayjsOf(plan.send_at)}
              onChange={(value) => change({ send_at: isoOf(value) })}
              style={{ marginTop: 8, width: '100%' }}
              data-testid="plan-send-at"
            />
          )}
        </Form.Item>
      );
    case 'scenario':
      return (
        <>
          <ScenarioTrigger plan={plan} change={change} />
          <Form.Item label={t('plans.settings.reentry')}>
            <Radio.Group
              value={plan.reentry_policy}
              onChange={(event) => change({ reentry_policy: event.target.value as Plan['reentry_policy'] })}
              options={REENTRY_POLICIES.map((policy) => ({
                value: policy,
                label: t(`plans.settings.reentryPolicies.${policy}`),
              }))}
            />
          </Form.Item>
        </>
      );
    case 'auto_reply':
      return (
        <>
          <Form.Item label={t('plans.settings.keywords')}>
            <Select<string[]>
              mode="tags"
              value={plan.auto_keywords}
              onChange={(keywords) => change({ auto_keywords: keywords.slice(0, PLAN_KEYWORDS_MAX) })}
              placeholder={t('plans.settings.keywordsPlaceholder')}
              open={false}
              data-testid="plan-keywords"
            />
          </Form.Item>
          <Form.Item label={t('plans.settings.keywordMatch')}>
            <Radio.Group
              value={plan.auto_keyword_match}
              onChange={(event) => change({ auto_keyword_match: event.target.value as Plan['auto_keyword_match'] })}
              data-testid="plan-keyword-match"
              options={KEYWORD_MATCHES.map((match) => ({
                value: match,
                label: t(`plans.settings.keywordMatches.${match}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('plans.settings.weekdays')}>
            <Checkbox.Group<number>
              value={plan.auto_weekdays}
              onChange={(days) => change({ auto_weekdays: [...days].sort((a, b) => a - b) })}
              data-testid="plan-weekdays"
              options={WEEKDAYS.map((day) => ({ value: day, label: weekdayNames[day] ?? String(day) }))}
            />
          </Form.Item>
          <Form.Item label={t('plans.settings.term')} extra={t('plans.settings.timeZoneNote', { zone: timeZoneName })}>
            <Switch
              checked={plan.auto_has_term}
              onChange={(on) => change({ auto_has_term: on })}
              data-testid="plan-has-term"
            />
            {plan.auto_has_term && (
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                value={[dayjsOf(plan.auto_term_start_at), dayjsOf(plan.auto_term_end_at)]}
                onChange={(range) =>
                  change({ auto_term_start_at: isoOf(range?.[0] ?? null), auto_term_end_at: isoOf(range?.[1] ?? null) })
                }
                style={{ marginTop: 8, width: '100%' }}
                data-testid="plan-term"
              />
            )}
          </Form.Item>
        </>
      );
  }
}

/**
 * The plan's own settings beside the diagram: name, folder, type, targets, what its type needs
 * (broadcast time; scenario trigger and re-entry; auto-reply keywords, weekdays and term) and what
 * entering it applies (tags, marks, a scenario to start).
 */
export function PlanSettings({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const plan = usePlanEditor((store) => store.editor.present.plan);
  const apply = usePlanEditor((store) => store.apply);
  const folders = useFolderList('service', 'plans');
  const tags = useTagOptions();
  const marks = useMarkOptions();
  const scenarios = useScenarioOptions(plan.id);
  // Typing on in one field (the plan name) is one undo step.
  const change = (changes: Partial<Plan>) =>
    apply(
      (snapshot) => ({ ...snapshot, plan: { ...snapshot.plan, ...changes } }),
      typingFieldOf(document.activeElement),
    );

  return (
    <Form layout="vertical" disabled={disabled} component="div" data-testid="plan-settings">
      <Form.Item label={t('plans.settings.name')} required>
        <Input
          value={plan.name}
          maxLength={PLAN_NAME_MAX}
          showCount
          placeholder={t('plans.settings.namePlaceholder')}
          onChange={(event) => change({ name: event.target.value })}
          data-testid="plan-name"
        />
      </Form.Item>
      <Form.Item label={t('plans.settings.folder')}>
        <FolderSelect
          folders={folders}
          value={plan.folder_id}
          onChange={(folder_id) => change({ folder_id })}
          testId="plan-folder"
        />
      </Form.Item>
      <Form.Item label={t('plans.settings.type')} extra={plan.id !== null ? t('plans.settings.typeLocked') : undefined}>
        <Radio.Group
          value={plan.plan_type}
          disabled={plan.id !== null}
          onChange={(event) => change({ plan_type: event.target.value as PlanType })}
          optionType="button"
          options={PLAN_TYPES.map((type) => ({
            value: type,
            label: <span data-testid={`plan-type-${type}`}>{t(`plans.types.${type}`)}</span>,
          }))}
        />
      </Form.Item>
      <TypeSettings plan={plan} change={change} />
      <Divider style={{ margin: '12px 0' }} />
      <Targets plan={plan} change={change} />
      <Divider style={{ margin: '12px 0' }} />
      <Form.Item label={t('plans.settings.planTags')}>
        <LabelPicker
          kind="tags"
          value={plan.tags}
          options={tags}
          onChange={(labels) => change({ tags: labels, tag_ids: labels.map((label) => label.id) })}
          testId="plan-tags"
        />
      </Form.Item>
      <Form.Item label={t('plans.settings.planMarks')}>
        <LabelPicker
          kind="marks"
          value={plan.marks}
          options={marks}
          onChange={(labels) => change({ marks: labels, mark_ids: labels.map((label) => label.id) })}
          testId="plan-marks"
        />
      </Form.Item>
      <Form.Item label={t('plans.settings.startPlan')}>
        <Select<number>
          allowClear
          value={plan.start_plan_id ?? undefined}
          onChange={(id) =>
            change({
              start_plan_id: id ?? null,
              start_plan: scenarios.find((scenario) => scenario.id === id) ?? null,
            })
          }
          placeholder={t('plans.editor.none')}
          options={scenarios.map((scenario) => ({ value: scenario.id, label: scenario.name }))}
          data-testid="plan-start-plan"
        />
      </Form.Item>
    </Form>
  );
}
