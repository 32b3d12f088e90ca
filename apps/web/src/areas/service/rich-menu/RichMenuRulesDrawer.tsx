import '../../../app/i18n/parts/rich-menus.ts';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { AUDIENCE_LABEL_MATCHES, type AudienceLabelMatch, type RichMenu, type RichMenuRule } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { useMarkOptions, useTagOptions } from '../plans/editor/useEditorOptions.ts';
import {
  audienceOfRule,
  emptyRuleAudience,
  ruleAudienceOf,
  type LabelCondition,
  type RuleAudience,
} from './rule-audience.ts';
import { reportRefusal } from './RichMenusPage.tsx';
import {
  cleanExit,
  orderRules,
  removeRule,
  rulePreviewQuery,
  rulesQuery,
  saveRule,
  setDefaultMenu,
  settingsQuery,
  useAllRichMenus,
} from './useRichMenus.ts';

interface Named {
  id: number;
  name: string;
}

/** Published menus as options (only those can be linked on LINE). */
const publishedOptions = (menus: RichMenu[]) =>
  menus.filter((menu) => menu.line_rich_menu_id !== null).map((menu) => ({ value: menu.id, label: menu.name }));

/**
 * Who sees which menu: the channel's default, the rules in priority order (each an audience of tags
 * and marks with an optional period, and how many friends it takes now), and the clean exit.
 */
export function RichMenuRulesDrawer({ canEdit, onClose }: { canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const menus = useAllRichMenus();
  const settings = useQuery(settingsQuery()).data?.data;
  const rules = useQuery(rulesQuery());
  const preview = useQuery(rulePreviewQuery()).data?.data ?? [];
  const tags = useTagOptions();
  const marks = useMarkOptions();
  const [editing, setEditing] = useState<RichMenuRule | 'new' | null>(null);
  const list = rules.data?.data ?? [];
  const menuName = (id: number) => menus.find((menu) => menu.id === id)?.name ?? '';

  const move = async (index: number, by: -1 | 1) => {
    const ids = list.map((rule) => rule.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    await orderRules(ids);
  };
  const confirmCleanExit = () =>
    modal.confirm({
      title: t('richMenus.cleanExitTitle'),
      content: t('richMenus.cleanExitContent'),
      okText: t('richMenus.cleanExit'),
      okButtonProps: { danger: true, 'data-testid': 'clean-exit-ok' },
      cancelText: t('common.cancel'),
      cancelButtonProps: { 'data-testid': 'clean-exit-cancel' },
      onOk: async () => {
        await cleanExit();
        onClose();
      },
    });

  const summary = (rule: RichMenuRule) => {
    const audience = ruleAudienceOf(rule.audience);
    if (!audience) return t('richMenus.audienceOther');
    const parts = (
      [
        ['audienceTags', audience.tags, tags],
        ['audienceMarks', audience.marks, marks],
      ] as const
    )
      .filter(([, condition]) => condition.ids.length > 0)
      .map(([key, condition, options]) =>
        t(`richMenus.${key}`, {
          names: condition.ids.map((id) => options.find((option) => option.id === id)?.name ?? '').join('、'),
          match: t(`richMenus.match.${condition.match}`),
        }),
      );
    return parts.length > 0 ? parts.join(' / ') : t('richMenus.everyone');
  };

  return (
    <Drawer title={t('richMenus.rulesTitle')} open onClose={onClose} size={720} data-testid="rich-menu-rules">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('richMenus.rulesIntro')}</Typography.Text>
        <Form layout="vertical">
          <Form.Item label={t('richMenus.defaultMenu')} extra={t('richMenus.onlyPublished')}>
            <Select
              data-testid="rich-menu-default"
              disabled={!canEdit}
              value={settings?.default_rich_menu_id ?? 0}
              options={[{ value: 0, label: t('richMenus.noDefault') }, ...publishedOptions(menus)]}
              onChange={(value: number) => void setDefaultMenu(value === 0 ? null : value).catch(reportRefusal)}
            />
          </Form.Item>
        </Form>
        <Flex justify="space-between" align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('richMenus.rules')}
          </Typography.Title>
          {canEdit && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="rich-menu-rule-add">
              {t('richMenus.addRule')}
            </Button>
          )}
        </Flex>
        <Table<RichMenuRule>
          rowKey="id"
          size="small"
          pagination={false}
          loading={rules.isLoading}
          dataSource={list}
          locale={{ emptyText: t('richMenus.noRules') }}
          onRow={(rule) => ({ 'data-testid': `rich-menu-rule-${rule.priority}` }) as object}
          columns={[
            { title: t('richMenus.priority'), dataIndex: 'priority', width: 60 },
            { title: t('richMenus.ruleName'), dataIndex: 'name' },
            { title: t('richMenus.ruleMenu'), key: 'menu', render: (_, rule) => menuName(rule.rich_menu_id) },
            { title: t('richMenus.audience'), key: 'audience', render: (_, rule) => summary(rule) },
            {
              title: t('richMenus.period'),
              key: 'period',
              render: (_, rule) =>
                rule.starts_at || rule.ends_at
                  ? t('richMenus.periodRange', {
                      from: formatDateTime(rule.starts_at),
                      to: formatDateTime(rule.ends_at),
                    })
                  : t('richMenus.always'),
            },
            {
              title: t('richMenus.ruleFriends'),
              key: 'count',
              render: (_, rule) => {
                const count = preview.find((entry) => entry.rule_id === rule.id)?.friend_count;
                return count === undefined ? '' : t('richMenus.friendCount', { count });
              },
            },
            ...(canEdit
              ? [
                  {
                    title: t('common.actions'),
                    key: 'actions',
                    render: (_: unknown, rule: RichMenuRule, index: number) => (
                      <Space size={4}>
                        <Button
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('richMenus.moveUp')}
                          disabled={index === 0}
                          onClick={() => void move(index, -1)}
                        />
                        <Button
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('richMenus.moveDown')}
                          disabled={index === list.length - 1}
                          onClick={() => void move(index, 1)}
                        />
                        <Button
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={t('common.edit')}
                          onClick={() => setEditing(rule)}
                        />
                        <ConfirmDeleteButton compact name={rule.name} onConfirm={() => removeRule(rule.id)} />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {canEdit && (
          <Alert
            type="warning"
            title={t('richMenus.cleanExitContent')}
            action={
              <Button danger onClick={() => void confirmCleanExit()} data-testid="rich-menu-clean-exit">
                {t('richMenus.cleanExit')}
              </Button>
            }
          />
        )}
      </Flex>
      {editing && (
        <RuleModal
          rule={editing === 'new' ? null : editing}
          menus={menus}
          tags={tags}
          marks={marks}
          onClose={() => setEditing(null)}
        />
      )}
    </Drawer>
  );
}

interface RuleValues {
  name: string;
  rich_menu_id: number | undefined;
  starts_at: Dayjs | null;
  ends_at: Dayjs | null;
}

function LabelPicker({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: LabelCondition;
  options: Named[];
  onChange: (value: LabelCondition) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label}>
      <Space.Compact block>
        <Select<AudienceLabelMatch>
          style={{ width: 160 }}
          value={value.match}
          options={AUDIENCE_LABEL_MATCHES.map((match) => ({ value: match, label: t(`richMenus.match.${match}`) }))}
          onChange={(match) => onChange({ ...value, match })}
          data-testid={`${testId}-match`}
        />
        <Select<number[]>
          mode="multiple"
          style={{ flex: 1 }}
          value={value.ids}
          options={options.map((option) => ({ value: option.id, label: option.name }))}
          optionFilterProp="label"
          onChange={(ids) => onChange({ ...value, ids })}
          data-testid={testId}
        />
      </Space.Compact>
    </Form.Item>
  );
}

function RuleModal({
  rule,
  menus,
  tags,
  marks,
  onClose,
}: {
  rule: RichMenuRule | null;
  menus: RichMenu[];
  tags: Named[];
  marks: Named[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleValues>();
  const [audience, setAudience] = useState<RuleAudience | null>(
    rule ? ruleAudienceOf(rule.audience) : emptyRuleAudience(),
  );
  const [saving, setSaving] = useState(false);
  const submit = async (values: RuleValues) => {
    setSaving(true);
    try {
      await saveRule(rule?.id ?? null, {
        name: values.name,
        rich_menu_id: values.rich_menu_id ?? 0,
        audience: audience ? audienceOfRule(audience) : rule!.audience,
        starts_at: values.starts_at?.toISOString() ?? null,
        ends_at: values.ends_at?.toISOString() ?? null,
      });
      onClose();
    } catch (error) {
      reportRefusal(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={rule ? t('richMenus.editRule') : t('richMenus.addRule')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'rich-menu-rule-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RuleValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: rule?.name ?? '',
          rich_menu_id: rule?.rich_menu_id,
          starts_at: rule?.starts_at ? dayjs(rule.starts_at) : null,
          ends_at: rule?.ends_at ? dayjs(rule.ends_at) : null,
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('richMenus.ruleName')}
          rules={[{ required: true, message: t('common.selectRequired') }]}
        >
          <Input maxLength={100} data-testid="rich-menu-rule-name" />
        </Form.Item>
        <Form.Item
          name="rich_menu_id"
          label={t('richMenus.ruleMenu')}
          extra={t('richMenus.onlyPublished')}
          rules={[{ required: true, message: t('common.selectRequired') }]}
        >
          <Select options={publishedOptions(menus)} data-testid="rich-menu-rule-menu" />
        </Form.Item>
        {audience ? (
          <>
            <LabelPicker
              label={t('richMenus.tags')}
              value={audience.tags}
              options={tags}
              onChange={(tagsValue) => setAudience({ ...audience, tags: tagsValue })}
              testId="rich-menu-rule-tags"
            />
            <LabelPicker
              label={t('richMenus.marks')}
              value={audience.marks}
              options={marks}
              onChange={(marksValue) => setAudience({ ...audience, marks: marksValue })}
              testId="rich-menu-rule-marks"
            />
          </>
        ) : (
          <Form.Item label={t('richMenus.audience')}>
            <Typography.Text>{t('richMenus.audienceOther')}</Typography.Text>
          </Form.Item>
        )}
        <Flex gap={8}>
          <Form.Item name="starts_at" label={t('richMenus.startsAt')} style={{ flex: 1 }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="ends_at" label={t('richMenus.endsAt')} style={{ flex: 1 }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
