import { QuestionCircleOutlined } from '@ant-design/icons';
import {
  ACTION_TYPES,
  formIdOfAddress,
  formVariable,
  LINE_LIMITS,
  type ActionType,
  type MessageAction,
} from '@linq/contract';
import { Input, InputNumber, Radio, Select, Space, Tooltip } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './fields.tsx';
import { useFormLinkOptions } from './form-links.ts';
import type { ModelPath } from './issues.ts';
import '../../app/i18n/parts/message-builder.ts';

/** The action with another type: the other types' fields are kept (switching back restores them). */
function withType<T extends MessageAction>(action: T, type: ActionType): T {
  return {
    ...action,
    action_type: type,
    text: type === 'message' ? (action.text ?? '') : action.text,
    uri: type === 'uri' ? (action.uri ?? '') : action.uri,
  };
}

/**
 * One tappable action (a button, a quick-reply item, an image area): what a tap does, its label,
 * its text or address, and the score it adds to the friend who taps.
 */
export function ActionEditor<T extends MessageAction>({
  action,
  onChange,
  path,
  labelRequired = true,
}: {
  action: T;
  onChange: (next: T) => void;
  path: ModelPath;
  /** Image areas have no visible label (it is read aloud); buttons must have one. */
  labelRequired?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (patch: Partial<MessageAction>) => onChange({ ...action, ...patch });
  const isLink = action.action_type === 'uri';
  const forms = useFormLinkOptions();
  const linkedForm = formIdOfAddress(action.uri ?? '');
  // A link is a web address or a form's link (each friend's own, filled in when sent).
  const [linkKind, setLinkKind] = useState<'url' | 'form'>(linkedForm === null ? 'url' : 'form');
  // A web link is sent as the friend's tracked link, whose first opening adds the score; tel: and
  // line: links open the phone or LINE, which tells nobody, so they add none.
  const untrackedLink = isLink && /^(tel|line):/i.test(action.uri?.trim() ?? '');
  const scoreHelp = t(isLink ? 'messageBuilder.action.scoreLinkHelp' : 'messageBuilder.action.scoreHelp');

  return (
    <div data-testid="builder-action">
      <Field path={[...path, 'action_type']} label={t('messageBuilder.action.type')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={action.action_type}
          onChange={(event) => {
            const type = ACTION_TYPES.find((candidate) => candidate === event.target.value);
            if (type) onChange(withType(action, type));
          }}
          options={ACTION_TYPES.map((type) => ({ value: type, label: t(`messageBuilder.action.types.${type}`) }))}
          aria-label={t('messageBuilder.action.type')}
          data-testid="builder-action-type"
        />
      </Field>
      <Field
        path={[...path, 'label']}
        label={t(labelRequired ? 'messageBuilder.action.label' : 'messageBuilder.action.labelOptional')}
        htmlFor={`${id}-label`}
        help={labelRequired ? undefined : t('messageBuilder.action.labelOptionalHelp')}
      >
        <Input
          id={`${id}-label`}
          value={action.label}
          onChange={(event) => set({ label: event.target.value })}
          count={{ show: true, max: LINE_LIMITS.actionLabelMax }}
          data-testid="builder-action-label"
        />
      </Field>
      {action.action_type === 'message' && (
        <Field
          path={[...path, 'text']}
          label={t('messageBuilder.action.text')}
          htmlFor={`${id}-text`}
          help={t('messageBuilder.action.textHelp')}
        >
          <Input
            id={`${id}-text`}
            value={action.text ?? ''}
            onChange={(event) => set({ text: event.target.value })}
            count={{ show: true, max: LINE_LIMITS.actionTextMax }}
            data-testid="builder-action-text"
          />
        </Field>
      )}
      {action.action_type === 'postback' && (
        <Field
          path={[...path, 'display_text']}
          label={t('messageBuilder.action.displayText')}
          htmlFor={`${id}-display`}
          help={t('messageBuilder.action.displayTextHelp')}
        >
          <Input
            id={`${id}-display`}
            value={action.display_text ?? ''}
            onChange={(event) => set({ display_text: event.target.value === '' ? null : event.target.value })}
            count={{ show: true, max: LINE_LIMITS.displayTextMax }}
            data-testid="builder-action-display-text"
          />
        </Field>
      )}
      {isLink && forms && (
        <Radio.Group
          value={linkKind}
          onChange={(event) => {
            const kind = event.target.value === 'form' ? 'form' : 'url';
            setLinkKind(kind);
            if (kind === 'url' && linkedForm !== null) set({ uri: '' });
            if (kind === 'form' && linkedForm === null) set({ uri: forms[0] ? formVariable(forms[0].id) : '' });
          }}
          options={(['url', 'form'] as const).map((kind) => ({
            value: kind,
            label: t(`messageBuilder.action.uriKinds.${kind}`),
          }))}
          style={{ marginBottom: 8 }}
          data-testid="builder-action-link-kind"
        />
      )}
      {isLink && forms && linkKind === 'form' && (
        <Field
          path={[...path, 'uri']}
          label={t('messageBuilder.action.uriKinds.form')}
          htmlFor={`${id}-form`}
          help={t('messageBuilder.action.formLinkHelp')}
        >
          <Select<number>
            id={`${id}-form`}
            value={linkedForm ?? undefined}
            placeholder={t('messageBuilder.action.chooseForm')}
            onChange={(formId) => set({ uri: formVariable(formId) })}
            options={[
              ...forms.map((form) => ({ value: form.id, label: form.name })),
              ...(linkedForm !== null && !forms.some((form) => form.id === linkedForm)
                ? [{ value: linkedForm, label: t('messageBuilder.text.unknownForm') }]
                : []),
            ]}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
            data-testid="builder-action-form"
          />
        </Field>
      )}
      {isLink && (!forms || linkKind === 'url') && (
        <Field path={[...path, 'uri']} label={t('messageBuilder.action.uri')} htmlFor={`${id}-uri`}>
          <Input
            id={`${id}-uri`}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={action.uri ?? ''}
            onChange={(event) => set({ uri: event.target.value })}
            count={{ show: true, max: LINE_LIMITS.uriMax }}
            data-testid="builder-action-uri"
          />
        </Field>
      )}
      <Field
        path={[...path, 'score', 'value']}
        label={
          <Space size={4}>
            {t('messageBuilder.action.score')}
            <Tooltip title={scoreHelp} trigger={['hover', 'focus']}>
              <QuestionCircleOutlined aria-label={scoreHelp} tabIndex={0} />
            </Tooltip>
          </Space>
        }
        htmlFor={`${id}-score`}
        help={untrackedLink ? t('messageBuilder.action.scoreLinkUntracked') : undefined}
      >
        <InputNumber<number>
          id={`${id}-score`}
          value={action.score?.value ?? null}
          min={LINE_LIMITS.scoreMin}
          max={LINE_LIMITS.scoreMax}
          precision={0}
          placeholder={t('messageBuilder.action.scoreNone')}
          onChange={(value) =>
            set({ score: value === null ? null : { id: action.score?.id ?? null, value: Math.trunc(value) } })
          }
          style={{ width: '100%', maxWidth: 200 }}
          data-testid="builder-action-score"
        />
      </Field>
    </div>
  );
}
