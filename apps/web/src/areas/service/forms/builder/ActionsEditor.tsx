import { allows, type FormActions, type PlanLabelRef, type PlanNamedRef } from '@linq/contract';
import { Form, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.ts';
import { useMarkOptions, useScenarioOptions, useTagOptions } from '../../plans/editor/useEditorOptions.ts';
import { useAllRichMenus } from '../../rich-menu/useRichMenus.ts';
import '../../../../app/i18n/parts/forms.ts';

/** What the action pickers offer: the channel's tags, marks, scenarios and published rich menus. */
export interface ActionChoices {
  tags: PlanLabelRef[];
  marks: PlanLabelRef[];
  plans: PlanNamedRef[];
  richMenus: PlanNamedRef[];
}

export function useActionChoices(): ActionChoices {
  const tags = useTagOptions();
  const marks = useMarkOptions();
  const plans = useScenarioOptions(null);
  const session = useSession('service');
  const menus = useAllRichMenus();
  const canSeeMenus = session !== null && allows(session.permissions, { feature: 'rich_menus', level: 'view' });
  const richMenus = useMemo(
    () =>
      canSeeMenus
        ? menus.filter((menu) => menu.publish_state === 'published').map(({ id, name }) => ({ id, name }))
        : [],
    [menus, canSeeMenus],
  );
  return { tags, marks, plans, richMenus };
}

const optionsOf = (items: readonly PlanNamedRef[]) => items.map((item) => ({ value: item.id, label: item.name }));

/** Edits what an answer (or choosing an option) does to the friend. */
export function ActionsEditor(props: {
  value: FormActions;
  onChange: (value: FormActions) => void;
  choices: ActionChoices;
  /** Prefix of the test ids (`form-actions`, `option-actions-<field>-<option>`). */
  testId: string;
  errors?: Record<string, string>;
  errorPrefix?: string;
}) {
  const { t } = useTranslation();
  const { value, choices } = props;
  const set = (patch: Partial<FormActions>) => props.onChange({ ...value, ...patch });
  const error = (name: keyof FormActions) => props.errors?.[`${props.errorPrefix}.${name}`];
  const labelPicker = (name: 'add_tag_ids' | 'remove_tag_ids' | 'add_mark_ids' | 'remove_mark_ids') => (
    <Form.Item
      label={t(`forms.actions.${name}`)}
      validateStatus={error(name) ? 'error' : undefined}
      help={error(name)}
      style={{ marginBottom: 12 }}
    >
      <Select<number[]>
        mode="multiple"
        allowClear
        value={value[name]}
        onChange={(ids) => set({ [name]: ids })}
        options={optionsOf(name.endsWith('tag_ids') ? choices.tags : choices.marks)}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('forms.actions.none')}
        data-testid={`${props.testId}-${name}`}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" component="div">
      {labelPicker('add_tag_ids')}
      {labelPicker('remove_tag_ids')}
      {labelPicker('add_mark_ids')}
      {labelPicker('remove_mark_ids')}
      <Form.Item
        label={t('forms.actions.plan_id')}
        validateStatus={error('plan_id') ? 'error' : undefined}
        help={error('plan_id')}
        style={{ marginBottom: 12 }}
      >
        <Select<number>
          allowClear
          value={value.plan_id ?? undefined}
          onChange={(id) => set({ plan_id: id ?? null })}
          options={optionsOf(choices.plans)}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('forms.actions.none')}
          data-testid={`${props.testId}-plan_id`}
        />
      </Form.Item>
      <Form.Item
        label={t('forms.actions.rich_menu_id')}
        validateStatus={error('rich_menu_id') ? 'error' : undefined}
        help={error('rich_menu_id') ?? t('forms.actions.richMenuHint')}
        style={{ marginBottom: 12 }}
      >
        <Select<number>
          allowClear
          value={value.rich_menu_id ?? undefined}
          onChange={(id) => set({ rich_menu_id: id ?? null })}
          options={optionsOf(choices.richMenus)}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('forms.actions.none')}
          data-testid={`${props.testId}-rich_menu_id`}
        />
      </Form.Item>
      <Form.Item
        label={t('forms.actions.score')}
        validateStatus={error('score') ? 'error' : undefined}
        help={error('score')}
        style={{ marginBottom: 0 }}
      >
        <InputNumber
          value={value.score}
          precision={0}
          onChange={(score) => set({ score: typeof score === 'number' ? score : 0 })}
          data-testid={`${props.testId}-score`}
        />
      </Form.Item>
    </Form>
  );
}

/** How many actions are set (a collapsed option says so). */
export function actionCount(actions: FormActions): number {
  return (
    actions.add_tag_ids.length +
    actions.remove_tag_ids.length +
    actions.add_mark_ids.length +
    actions.remove_mark_ids.length +
    (actions.plan_id === null ? 0 : 1) +
    (actions.rich_menu_id === null ? 0 : 1) +
    (actions.score === 0 ? 0 : 1)
  );
}
