import { FileTextOutlined } from '@ant-design/icons';
import {
  errorBoxIndex,
  findBox,
  MESSAGE_TYPES,
  templatesApi,
  type MessageType,
  type PlanAction,
  type PlanErrors,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Form, Select, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../app/api/call.ts';
import { endpointQuery } from '../../../../app/api/queries.ts';
import { feedback } from '../../../../app/feedback.ts';
import { MessageBuilder } from '../../../../components/message-builder/index.ts';
import { SERVICE_TEMPLATES } from '../../../../components/templates/template-kind.ts';
import { uploadTemplateImage, useInfoFieldOptions } from '../../../../components/templates/useTemplates.ts';
import { changeMessageType, fillFromTemplate, setBoxMessage } from './diagram.ts';
import { typingFieldOf } from './shortcuts.ts';
import { usePlanEditor } from './store.ts';
import { useMarkOptions, useScenarioOptions, useTagOptions } from './useEditorOptions.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/templates.ts';

/** The save errors about this box, with the box's prefix taken off (the builder reads message_attributes.… keys). */
function boxErrors(errors: PlanErrors, index: number): PlanErrors {
  const prefix = `plan_actions_attributes.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => errorBoxIndex(key) === index)
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

/** Fill the box from one of the channel's templates (its message replaces the box's). */
function TemplatePicker({ boxId, disabled }: { boxId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const apply = usePlanEditor((store) => store.apply);
  const [name, setName] = useState('');
  const templates = useQuery(
    endpointQuery(templatesApi.list, { query: { name: name || undefined, page: 1, limit: 50 } }),
  );
  const fill = async (id: number) => {
    try {
      const template = await call(templatesApi.get, { params: { id } });
      apply((snapshot) => fillFromTemplate(snapshot, boxId, template));
      feedback.notifySuccess(t('plans.editor.templateFilled'));
    } catch {
      // Reported by the request layer.
    }
  };
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setName }}
      value={null}
      placeholder={
        <Space size={4}>
          <FileTextOutlined />
          {t('plans.editor.fromTemplate')}
        </Space>
      }
      disabled={disabled}
      loading={templates.isFetching}
      onChange={(id) => void fill(id)}
      options={(templates.data?.data ?? []).map((template) => ({
        value: template.id,
        label: `${template.name}（${t(`templates.types.${template.message_type}`)}）`,
      }))}
      style={{ width: '100%' }}
      data-testid="box-template"
    />
  );
}

/** What sending the box applies to the friend: tags, marks and a scenario to start. */
function BoxEffects({ action, disabled }: { action: PlanAction; disabled: boolean }) {
  const { t } = useTranslation();
  const apply = usePlanEditor((store) => store.apply);
  const tags = useTagOptions();
  const marks = useMarkOptions();
  const planId = usePlanEditor((store) => store.editor.present.plan.id);
  const scenarios = useScenarioOptions(planId);
  const change = (changes: Partial<Pick<PlanAction, 'tag_ids' | 'mark_ids' | 'start_plan_id'>>) =>
    apply((snapshot) => ({
      ...snapshot,
      plan_actions: snapshot.plan_actions.map((item) =>
        item.box_id === action.box_id ? { ...item, ...changes } : item,
      ),
    }));
  return (
    <Form layout="vertical" disabled={disabled} component="div">
      <Typography.Title level={5}>{t('plans.editor.effects')}</Typography.Title>
      <Form.Item label={t('plans.editor.effectTags')}>
        <Select<number[]>
          mode="multiple"
          value={action.tag_ids}
          onChange={(tag_ids) => change({ tag_ids })}
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="box-effect-tags"
        />
      </Form.Item>
      <Form.Item label={t('plans.editor.effectMarks')}>
        <Select<number[]>
          mode="multiple"
          value={action.mark_ids}
          onChange={(mark_ids) => change({ mark_ids })}
          options={marks.map((mark) => ({ value: mark.id, label: mark.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="box-effect-marks"
        />
      </Form.Item>
      <Form.Item label={t('plans.editor.effectStartPlan')}>
        <Select<number>
          allowClear
          value={action.start_plan_id ?? undefined}
          onChange={(id) => change({ start_plan_id: id ?? null })}
          placeholder={t('plans.editor.none')}
          options={scenarios.map((plan) => ({ value: plan.id, label: plan.name }))}
          data-testid="box-effect-start-plan"
        />
      </Form.Item>
    </Form>
  );
}

/**
 * The selected box in the side panel: its message type, the message builder (the templates' one),
 * a template to fill it from, and what sending it applies to the friend.
 */
export function BoxPanel({ boxId, errors, disabled }: { boxId: string; errors: PlanErrors; disabled: boolean }) {
  const { t } = useTranslation();
  const apply = usePlanEditor((store) => store.apply);
  const actions = usePlanEditor((store) => store.editor.present.plan_actions);
  const infoFields = useInfoFieldOptions(SERVICE_TEMPLATES);
  const uploadImage = useCallback((file: File) => uploadTemplateImage(SERVICE_TEMPLATES, file), []);
  const action = findBox(actions, boxId);
  const index = action ? actions.indexOf(action) : -1;
  const serverErrors = useMemo(() => boxErrors(errors, index), [errors, index]);
  if (!action || action._destroy) return <Empty description={t('plans.editor.selectHint')} />;

  return (
    <div data-testid="box-panel" data-box={boxId}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('plans.editor.boxTitle')}
      </Typography.Title>
      <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
        <Select<MessageType>
          value={action.message_type}
          disabled={disabled}
          onChange={(type) => apply((snapshot) => changeMessageType(snapshot, boxId, type))}
          options={MESSAGE_TYPES.map((type) => ({ value: type, label: t(`templates.types.${type}`) }))}
          aria-label={t('plans.editor.messageType')}
          style={{ width: '100%' }}
          data-testid="box-message-type"
        />
        <TemplatePicker boxId={boxId} disabled={disabled} />
      </Space>
      <MessageBuilder
        // A new builder per box and type: it keeps what the user is typing as its own state.
        key={`${boxId}-${action.message_type}`}
        value={action.message}
        // Typing on in one of the builder's fields is one undo step.
        onChange={(message) =>
          apply((snapshot) => setBoxMessage(snapshot, boxId, message), typingFieldOf(document.activeElement))
        }
        uploadImage={uploadImage}
        infoFields={infoFields}
        serverErrors={serverErrors}
        disabled={disabled}
        previewPlace="diagram"
      />
      <BoxEffects action={action} disabled={disabled} />
    </div>
  );
}
