import {
  CAPABILITIES,
  FEATURES,
  LEVELS,
  permissionsWith,
  type Feature,
  type Level,
  type Permissions,
} from '@linq/contract';
import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Radio, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { testId } from './test-id.ts';
import '../app/i18n/parts/account.ts';

const CAPABILITY_LABELS = { send_messages: 'sendMessages', personal_data: 'personalData' } as const;
const LEVEL_TAG_COLOURS: Record<Level, string> = { edit: 'processing', view: 'success', none: 'default' };

interface FeatureRow {
  feature: Feature;
}
const FEATURE_ROWS: FeatureRow[] = FEATURES.map((feature) => ({ feature }));

/** The permission matrix inside a staff authority form: a none/view/edit choice per feature, two switches and presets. */
export function PermissionMatrixField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<{ permissions: Permissions }>();
  const applyPreset = (permissions: Permissions) => form.setFieldValue('permissions', permissions);

  const columns: ColumnsType<FeatureRow> = [
    { title: t('staffAuthorities.feature'), key: 'feature', render: (_, { feature }) => t(`features.${feature}`) },
    {
      title: t('staffAuthorities.permissions'),
      key: 'level',
      render: (_, { feature }) => (
        <Form.Item name={['permissions', 'features', feature]} noStyle>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="small"
            options={LEVELS.map((level) => ({
              value: level,
              label: <span data-testid={`permission-${feature}-${level}`}>{t(`levels.${level}`)}</span>,
            }))}
          />
        </Form.Item>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary">{t('staffAuthorities.presets')}</Typography.Text>
        <Button size="small" onClick={() => applyPreset(permissionsWith('edit', true))} data-testid="preset-all">
          {t('staffAuthorities.presetAll')}
        </Button>
        <Button size="small" onClick={() => applyPreset(permissionsWith('view', false))} data-testid="preset-view-only">
          {t('staffAuthorities.presetViewOnly')}
        </Button>
      </Flex>
      <Table<FeatureRow>
        rowKey="feature"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={FEATURE_ROWS}
        onRow={({ feature }) => testId(`permission-row-${feature}`)}
        data-testid="permission-matrix"
      />
      <Typography.Text strong>{t('staffAuthorities.capabilities')}</Typography.Text>
      {CAPABILITIES.map((capability) => (
        <Flex key={capability} gap={8} align="center">
          <Form.Item name={['permissions', capability]} valuePropName="checked" noStyle>
            <Switch
              id={`permission-${capability}`}
              aria-label={t(`staffAuthorities.${CAPABILITY_LABELS[capability]}`)}
              data-testid={`permission-${capability}`}
            />
          </Form.Item>
          <label htmlFor={`permission-${capability}`}>{t(`staffAuthorities.${CAPABILITY_LABELS[capability]}`)}</label>
        </Flex>
      ))}
    </Flex>
  );
}

/** The same matrix, read-only. */
export function PermissionSummary({ permissions }: { permissions: Permissions }) {
  const { t } = useTranslation();
  const columns: ColumnsType<FeatureRow> = [
    { title: t('staffAuthorities.feature'), key: 'feature', render: (_, { feature }) => t(`features.${feature}`) },
    {
      title: t('staffAuthorities.permissions'),
      key: 'level',
      render: (_, { feature }) => {
        const level = permissions.features[feature];
        return (
          <Tag color={LEVEL_TAG_COLOURS[level]} data-testid={`permission-level-${feature}`}>
            {t(`levels.${level}`)}
          </Tag>
        );
      },
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Table<FeatureRow> rowKey="feature" size="small" pagination={false} columns={columns} dataSource={FEATURE_ROWS} />
      {CAPABILITIES.map((capability) => (
        <Flex key={capability} gap={8} align="center">
          {permissions[capability] ? <CheckOutlined /> : <MinusOutlined />}
          <Typography.Text type={permissions[capability] ? undefined : 'secondary'}>
            {t(`staffAuthorities.${CAPABILITY_LABELS[capability]}`)}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** Counts of features granted edit and view, for list summaries. */
export function levelCounts(permissions: Permissions): Record<Exclude<Level, 'none'>, number> {
  const levels = Object.values(permissions.features);
  return {
    edit: levels.filter((level) => level === 'edit').length,
    view: levels.filter((level) => level === 'view').length,
  };
}
