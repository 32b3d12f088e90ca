import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INFLOW_ACTION_MODES,
  INFLOW_COST_AMOUNT_MAX,
  INFLOW_COST_PERIODS_MAX,
  INFLOW_NAME_MAX,
  type InflowActionMode,
  type InflowInput,
  type InflowRoute,
} from '@linq/contract';
import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../app/forms.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormAlert, formLevelMessage } from '../../../components/auth/FormAlert.tsx';
import { FolderSelect } from '../../../components/folders/FolderSelect.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { useLeaveGuard } from '../../../components/LeaveGuard.tsx';
import { LabelMultiSelect } from '../friends/friend-parts.tsx';
import { useAllRichMenus } from '../rich-menu/useRichMenus.ts';
import { saveInflow, useScenarioOptions } from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

const DATE = 'YYYY-MM-DD';

/** The form's values: the input, with the destination as a choice and cost periods as date pickers. */
interface SettingsValues {
  name: string;
  folder_id: number | null;
  use_login: boolean;
  destination: 'done_page' | 'url';
  destination_url: string;
  mode: InflowActionMode;
  tag_ids: number[];
  mark_ids: number[];
  plan_id: number | null;
  rich_menu_id: number | null;
  costs: { period: [Dayjs, Dayjs] | null; amount: number | null }[];
  memo: string;
}

function valuesOf(route: InflowRoute): SettingsValues {
  return {
    name: route.name,
    folder_id: route.folder_id,
    use_login: route.use_login,
    destination: route.destination_url === null ? 'done_page' : 'url',
    destination_url: route.destination_url ?? '',
    mode: route.actions.mode,
    tag_ids: route.actions.tag_ids,
    mark_ids: route.actions.mark_ids,
    plan_id: route.actions.plan_id,
    rich_menu_id: route.actions.rich_menu_id,
    costs: route.costs.map((cost) => ({ period: [dayjs(cost.from), dayjs(cost.to)], amount: cost.amount })),
    memo: route.memo,
  };
}

function inputOf(values: SettingsValues): InflowInput {
  return {
    name: values.name,
    folder_id: values.folder_id,
    use_login: values.use_login,
    destination_url: values.destination === 'url' ? values.destination_url.trim() : null,
    actions: {
      mode: values.mode,
      tag_ids: values.tag_ids,
      mark_ids: values.mark_ids,
      plan_id: values.plan_id ?? null,
      rich_menu_id: values.rich_menu_id ?? null,
    },
    costs: values.costs.flatMap(({ period, amount }) =>
      period ? [{ from: period[0].format(DATE), to: period[1].format(DATE), amount: amount ?? 0 }] : [],
    ),
    memo: values.memo,
  };
}

/** Where a 422 answer's paths land on this form (the input's fields as the form names them). */
const FIELD_NAMES = ['name', 'folder_id', 'use_login', 'destination_url', 'costs', 'memo'];

// Folder ids and plan/menu ids are positive, so 0 stands for "none" in the selects.
const NONE = 0;

/**
 * The route's settings and its actions on friend add, saved together; every save is recorded in the
 * route's history and the actions apply to friends attributed from then on (those already attributed
 * keep the actions in force at their attribution).
 */
export function InflowSettingsForm({ route, canEdit }: { route: InflowRoute; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  const folders = useFolderList('service', 'inflows');
  const plans = useScenarioOptions();
  const menus = useAllRichMenus();
  const destination = Form.useWatch('destination', form);

  const submit = async (values: SettingsValues) => {
    setFormError(null);
    setSaving(true);
    try {
      const saved = await saveInflow(route.id, inputOf(values));
      form.setFieldsValue(valuesOf(saved));
      setDirty(false);
      feedback.notifySuccess(t('common.saved'));
    } catch (error) {
      if (error instanceof Error) setFormError(formLevelMessage(error, showFieldErrors(form, error, FIELD_NAMES)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(route)}
      disabled={!canEdit}
      onValuesChange={() => setDirty(true)}
      onFinish={(values) => void submit(values)}
      data-testid="inflow-settings"
    >
      <FormAlert message={formError} />
      <Flex vertical gap={16}>
        <Card title={t('inflows.settings')}>
          <Form.Item
            name="name"
            label={t('inflows.name')}
            rules={[
              { required: true, whitespace: true, message: t('inflows.nameRequired') },
              { max: INFLOW_NAME_MAX, message: t('inflows.nameTooLong', { max: INFLOW_NAME_MAX }) },
            ]}
          >
            <Input maxLength={INFLOW_NAME_MAX} showCount data-testid="inflow-name" />
          </Form.Item>
          <Form.Item name="folder_id" label={t('inflows.folder')}>
            <FolderSelect folders={folders} testId="inflow-folder" />
          </Form.Item>
          <Form.Item
            name="use_login"
            label={t('inflows.useLogin')}
            extra={t('inflows.useLoginHint')}
            valuePropName="checked"
          >
            <Switch data-testid="inflow-use-login" />
          </Form.Item>
          <Form.Item name="destination" label={t('inflows.destination')}>
            <Radio.Group data-testid="inflow-destination">
              <Radio value="done_page">{t('inflows.destinationDonePage')}</Radio>
              <Radio value="url">{t('inflows.destinationUrl')}</Radio>
            </Radio.Group>
          </Form.Item>
          {destination === 'url' && (
            <Form.Item
              name="destination_url"
              rules={[{ required: true, type: 'url', message: t('inflows.destinationUrlInvalid') }]}
            >
              <Input placeholder="https://" maxLength={2000} data-testid="inflow-destination-url" />
            </Form.Item>
          )}
          <Form.Item label={t('inflows.costs')} extra={t('inflows.costsHint')}>
            <Form.List name="costs">
              {(fields, { add, remove }) => (
                <Flex vertical gap={8}>
                  {fields.map((field) => (
                    <Space key={field.key} wrap align="start" data-testid={`inflow-cost-${field.name}`}>
                      <Form.Item
                        name={[field.name, 'period']}
                        rules={[{ required: true, message: t('inflows.costPeriodRequired') }]}
                        noStyle
                      >
                        <DatePicker.RangePicker aria-label={t('inflows.costPeriod')} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'amount']}
                        rules={[{ required: true, message: t('inflows.costAmountRequired') }]}
                        noStyle
                      >
                        <InputNumber<number>
                          min={0}
                          max={INFLOW_COST_AMOUNT_MAX}
                          precision={0}
                          prefix="¥"
                          aria-label={t('inflows.costAmount')}
                          style={{ width: 180 }}
                          data-testid={`inflow-cost-amount-${field.name}`}
                        />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('inflows.removeCost')}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  {fields.length < INFLOW_COST_PERIODS_MAX && (
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({ period: null, amount: null })}
                      style={{ alignSelf: 'flex-start' }}
                      data-testid="inflow-cost-add"
                    >
                      {t('inflows.addCost')}
                    </Button>
                  )}
                </Flex>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="memo" label={t('inflows.memo')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} data-testid="inflow-memo" />
          </Form.Item>
        </Card>
        <Card title={t('inflows.actions.title')} data-testid="inflow-actions">
          <Form.Item name="mode" label={t('inflows.actions.mode')} extra={t('inflows.actions.modeHint')}>
            <Radio.Group data-testid="inflow-action-mode">
              {INFLOW_ACTION_MODES.map((mode) => (
                <Radio key={mode} value={mode} data-testid={`inflow-action-mode-${mode}`}>
                  {t(`inflows.actions.modes.${mode}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="tag_ids" label={t('inflows.actions.tags')}>
            <LabelMultiSelect
              kind="tag"
              placeholder={t('inflows.actions.tagsPlaceholder')}
              testId="inflow-action-tags"
            />
          </Form.Item>
          <Form.Item name="mark_ids" label={t('inflows.actions.marks')}>
            <LabelMultiSelect
              kind="mark"
              placeholder={t('inflows.actions.marksPlaceholder')}
              testId="inflow-action-marks"
            />
          </Form.Item>
          <Form.Item
            name="plan_id"
            label={t('inflows.actions.plan')}
            getValueProps={(value: number | null) => ({ value: value ?? NONE })}
            normalize={(value: number) => (value === NONE ? null : value)}
          >
            <Select<number>
              options={[
                { value: NONE, label: t('inflows.actions.none') },
                ...plans.map((p) => ({ value: p.id, label: p.name })),
              ]}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="inflow-action-plan"
            />
          </Form.Item>
          <Form.Item
            name="rich_menu_id"
            label={t('inflows.actions.richMenu')}
            getValueProps={(value: number | null) => ({ value: value ?? NONE })}
            normalize={(value: number) => (value === NONE ? null : value)}
          >
            <Select<number>
              options={[
                { value: NONE, label: t('inflows.actions.none') },
                ...menus.map((m) => ({ value: m.id, label: m.name })),
              ]}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="inflow-action-rich-menu"
            />
          </Form.Item>
        </Card>
        {canEdit && (
          <Button
            type="primary"
            htmlType="submit"
            loading={saving}
            style={{ alignSelf: 'flex-start' }}
            data-testid="inflow-save"
          >
            {t('common.save')}
          </Button>
        )}
      </Flex>
      {guard.dialog}
    </Form>
  );
}
