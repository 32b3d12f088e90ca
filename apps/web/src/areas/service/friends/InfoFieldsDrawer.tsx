import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  friendsApi,
  INFO_FIELD_NAME_MAX,
  INFO_FIELD_OPTIONS_MAX,
  INFO_FIELD_TYPES,
  infoFieldInput,
  infoFieldsApi,
  type InfoField,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule } from '../../../app/forms.ts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { testId } from '../../../components/test-id.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { infoFieldFormValues, infoFieldPayload, type InfoFieldFormValues } from './info-fields.ts';
import '../../../app/i18n/parts/friends.ts';

const FIELDS = ['name', 'field_type', 'options', 'sort_index'];
const optionRule = schemaRule(infoFieldInput.shape.name);

/** The channel's info fields; their values are edited on each friend's page. */
export function useInfoFields(enabled = true) {
  const channelId = useSelectedChannelId();
  return useQuery({ ...endpointQuery(infoFieldsApi.list, {}), enabled: enabled && channelId !== null });
}

/** Info field definitions changed: every friend's values may have gone with them. */
const refreshInfoFields = () => invalidateEndpoints(infoFieldsApi.list, friendsApi.get);

/** A select field's choices, one input each. */
function OptionsList() {
  const { t } = useTranslation();
  return (
    <Form.List
      name="options"
      rules={[
        {
          validator: async (_, options: (string | undefined)[] | undefined) => {
            if (!options?.some((option) => option?.trim())) throw new Error(t('friends.infoFields.optionsRequired'));
          },
        },
      ]}
    >
      {(items, { add, remove }, { errors }) => (
        <Form.Item label={t('friends.infoFields.options')} required>
          <Flex vertical gap={8}>
            {items.map((item, index) => (
              <Space.Compact key={item.key} style={{ width: '100%' }}>
                <Form.Item name={item.name} noStyle rules={[optionRule]}>
                  <Input
                    maxLength={INFO_FIELD_NAME_MAX}
                    aria-label={`${t('friends.infoFields.options')} ${index + 1}`}
                    data-testid={`info-field-option-${index}`}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('common.delete')}
                  onClick={() => remove(item.name)}
                  data-testid={`info-field-option-remove-${index}`}
                />
              </Space.Compact>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={items.length >= INFO_FIELD_OPTIONS_MAX}
              onClick={() => add('')}
              data-testid="info-field-option-add"
            >
              {t('friends.infoFields.addOption')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        </Form.Item>
      )}
    </Form.List>
  );
}

function InfoFieldModal({ field, onClose }: { field: InfoField | null; onClose: () => void }) {
  const { t } = useTranslation();

  const save = async (values: InfoFieldFormValues) => {
    const body = infoFieldPayload(values);
    // 409: the server refuses the change (e.g. a type that values already use); shown above the form.
    if (field) await call(infoFieldsApi.update, { params: { id: field.id }, body }, { handles: [409] });
    else await call(infoFieldsApi.create, { body }, { handles: [409] });
    feedback.notifySuccess(t(field ? 'common.saved' : 'common.created'));
    await refreshInfoFields();
  };

  return (
    <FormModal<InfoFieldFormValues>
      title={t(field ? 'friends.infoFields.editTitle' : 'friends.infoFields.createTitle')}
      initialValues={infoFieldFormValues(field)}
      fieldNames={FIELDS}
      onSubmit={save}
      onClose={onClose}
      okTestId="info-field-submit"
    >
      <Form.Item name="name" label={t('friends.infoFields.name')} rules={[schemaRule(infoFieldInput.shape.name)]}>
        <Input maxLength={INFO_FIELD_NAME_MAX} data-testid="info-field-name" />
      </Form.Item>
      <Form.Item
        name="field_type"
        label={t('friends.infoFields.type')}
        extra={field ? t('friends.infoFields.typeHint') : undefined}
      >
        <Select
          options={INFO_FIELD_TYPES.map((type) => ({ value: type, label: t(`friends.infoFields.types.${type}`) }))}
          optionRender={(option) => <span data-testid={`info-field-type-${option.value}`}>{option.label}</span>}
          data-testid="info-field-type"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['field_type']}>
        {({ getFieldValue }) => (getFieldValue('field_type') === 'select' ? <OptionsList /> : null)}
      </Form.Item>
      <Form.Item name="sort_index" label={t('friends.infoFields.sortIndex')}>
        <InputNumber min={0} precision={0} style={{ width: 140 }} data-testid="info-field-sort-index" />
      </Form.Item>
    </FormModal>
  );
}

/** The info field definitions (友だち情報欄): list, and for users who may edit, create, edit and delete. */
export function InfoFieldsDrawer({
  open,
  onClose,
  editable,
}: {
  open: boolean;
  onClose: () => void;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const fields = useInfoFields(open);
  // undefined: no dialog; null: a new field.
  const [editing, setEditing] = useState<InfoField | null | undefined>(undefined);

  const remove = async (field: InfoField) => {
    await call(infoFieldsApi.remove, { params: { id: field.id } });
    feedback.notifySuccess(t('common.deleted'));
    await refreshInfoFields();
  };

  const columns: ColumnsType<InfoField> = [
    { title: t('friends.infoFields.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('friends.infoFields.type'),
      key: 'field_type',
      render: (_, field) => (
        <Flex vertical gap={4}>
          <span>{t(`friends.infoFields.types.${field.field_type}`)}</span>
          {field.options.length > 0 && (
            <Flex gap={2} wrap>
              {field.options.map((option) => (
                <Tag key={option}>{option}</Tag>
              ))}
            </Flex>
          )}
        </Flex>
      ),
    },
    { title: t('friends.infoFields.sortIndex'), dataIndex: 'sort_index', key: 'sort_index', align: 'right' },
  ];
  if (editable) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, field) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('common.edit')}
            onClick={() => setEditing(field)}
            data-testid={`info-field-edit-${field.id}`}
          />
          <ConfirmDeleteButton
            compact
            name={field.name}
            description={t('friends.infoFields.deleteHint')}
            onConfirm={() => remove(field)}
            testIdValue={`info-field-delete-${field.id}`}
          />
        </Space>
      ),
    });
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('friends.infoFields.title')}
      size="min(640px, 100vw)"
      extra={
        editable && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="info-field-create"
          >
            {t('friends.infoFields.create')}
          </Button>
        )
      }
      data-testid="info-fields-drawer"
    >
      <Table<InfoField>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={fields.data?.data ?? []}
        loading={{ spinning: fields.isFetching, delay: SPINNER_DELAY_MS }}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(field) => testId(`info-field-row-${field.id}`)}
        locale={{ emptyText: <Empty description={t('friends.infoFields.empty')} /> }}
        data-testid="info-fields-table"
      />
      {editing !== undefined && <InfoFieldModal field={editing} onClose={() => setEditing(undefined)} />}
    </Drawer>
  );
}
