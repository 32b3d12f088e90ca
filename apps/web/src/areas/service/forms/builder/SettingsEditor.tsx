import { templatesApi, type FormAfterMessage, type FormSettings } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../../app/api/queries.ts';
import '../../../../app/i18n/parts/forms.ts';

const TEMPLATE_PICKER_LIMIT = 100;

/** The channel's templates to send after answering. */
function useTemplateOptions() {
  const templates = useQuery(endpointQuery(templatesApi.list, { query: { page: 1, limit: TEMPLATE_PICKER_LIMIT } }));
  return (templates.data?.data ?? []).map((template) => ({ value: template.id, label: template.name }));
}

/** A form's settings: period, limits, who may answer how often, and what happens after answering. */
export function SettingsEditor(props: {
  value: FormSettings;
  onChange: (value: FormSettings) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { value } = props;
  const templates = useTemplateOptions();
  const set = (patch: Partial<FormSettings>) => props.onChange({ ...value, ...patch });
  const item = (name: string) => ({
    validateStatus: props.errors[`settings.${name}`] ? ('error' as const) : undefined,
    help: props.errors[`settings.${name}`],
  });
  const after = value.after_message;
  const afterError =
    props.errors['settings.after_message.text'] ??
    props.errors['settings.after_message.template_id'] ??
    props.errors['settings.after_message'];
  const setAfter = (kind: FormAfterMessage['kind']) =>
    set({
      after_message:
        kind === 'template'
          ? { kind, template_id: templates[0]?.value ?? 0 }
          : kind === 'text'
            ? { kind, text: '' }
            : { kind: 'none' },
    });
  return (
    <Form layout="vertical" component="div" data-testid="form-settings">
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item label={t('forms.settings.opensAt')} {...item('opens_at')}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={value.opens_at ? dayjs(value.opens_at) : null}
              onChange={(when) => set({ opens_at: when ? when.second(0).format() : null })}
              style={{ width: '100%' }}
              data-testid="settings-opens-at"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('forms.settings.closesAt')} {...item('closes_at')}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={value.closes_at ? dayjs(value.closes_at) : null}
              onChange={(when) => set({ closes_at: when ? when.second(0).format() : null })}
              style={{ width: '100%' }}
              data-testid="settings-closes-at"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={t('forms.settings.maxAnswers')}
        extra={t('forms.settings.maxAnswersHint')}
        {...item('max_answers')}
      >
        <InputNumber
          min={1}
          precision={0}
          value={value.max_answers}
          onChange={(count) => set({ max_answers: typeof count === 'number' ? count : null })}
          data-testid="settings-max-answers"
        />
      </Form.Item>
      <Form.Item label={t('forms.settings.perFriend')}>
        <Radio.Group
          value={value.once_per_friend}
          onChange={(event) => set({ once_per_friend: event.target.value === true })}
          options={[
            { value: true, label: t('forms.settings.once') },
            { value: false, label: t('forms.settings.many') },
          ]}
          data-testid="settings-once-per-friend"
        />
      </Form.Item>
      <Form.Item label={t('forms.settings.editable')} extra={t('forms.settings.editableHint')}>
        <Switch checked={value.editable} onChange={(editable) => set({ editable })} data-testid="settings-editable" />
      </Form.Item>
      <Form.Item label={t('forms.settings.anonymous')} extra={t('forms.settings.anonymousHint')}>
        <Switch
          checked={value.allow_anonymous}
          onChange={(allowAnonymous) => set({ allow_anonymous: allowAnonymous })}
          data-testid="settings-anonymous"
        />
      </Form.Item>
      <Form.Item label={t('forms.settings.thankYou')} {...item('thank_you_message')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={value.thank_you_message}
          placeholder={t('forms.settings.thankYouPlaceholder')}
          onChange={(event) => set({ thank_you_message: event.target.value })}
          data-testid="settings-thank-you"
        />
      </Form.Item>
      <Form.Item
        label={t('forms.settings.redirect')}
        extra={t('forms.settings.redirectHint')}
        {...item('redirect_url')}
      >
        <Input
          value={value.redirect_url ?? ''}
          placeholder="https://"
          onChange={(event) => set({ redirect_url: event.target.value.trim() === '' ? null : event.target.value })}
          data-testid="settings-redirect"
        />
      </Form.Item>
      <Form.Item
        label={t('forms.settings.afterMessage')}
        validateStatus={afterError ? 'error' : undefined}
        help={afterError}
        style={{ marginBottom: 0 }}
      >
        <Radio.Group
          value={after.kind}
          onChange={(event) => setAfter(event.target.value as FormAfterMessage['kind'])}
          options={(['none', 'template', 'text'] as const).map((kind) => ({
            value: kind,
            label: t(`forms.settings.afterKinds.${kind}`),
          }))}
          style={{ marginBottom: 8 }}
          data-testid="settings-after-kind"
        />
        {after.kind === 'template' && (
          <Select<number>
            value={after.template_id || undefined}
            onChange={(templateId) => set({ after_message: { kind: 'template', template_id: templateId } })}
            options={templates}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('forms.settings.chooseTemplate')}
            style={{ width: '100%' }}
            data-testid="settings-after-template"
          />
        )}
        {after.kind === 'text' && (
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={after.text}
            onChange={(event) => set({ after_message: { kind: 'text', text: event.target.value } })}
            data-testid="settings-after-text"
          />
        )}
      </Form.Item>
    </Form>
  );
}
