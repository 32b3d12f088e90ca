import {
  CONVERSION_COUNT_MODES,
  CONVERSION_NAME_MAX,
  CONVERSION_VALUE_MAX,
  isWebAddress,
  type ConversionPoint,
  type ConversionPointInput,
} from '@linq/contract';
import { Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../app/feedback.ts';
import { FolderSelect } from '../../../components/folders/FolderSelect.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { FormModal, NameItem } from '../../../components/FormModal.tsx';
import { useTagOptions } from '../plans/editor/useEditorOptions.ts';
import { savePoint } from './useConversions.ts';
import '../../../app/i18n/parts/conversions.ts';

interface PointForm {
  name: string;
  folder_id: number | null;
  goal_url: string;
  count_mode: ConversionPointInput['count_mode'];
  value: number;
  score: number;
  tag_ids: number[];
}

const FIELDS = ['name', 'folder_id', 'goal_url', 'count_mode', 'value', 'score', 'tag_ids'] as const;

/** Create (point null) or edit a conversion point in a dialog. */
export function PointFormModal({
  point,
  folderId,
  onClose,
}: {
  point: ConversionPoint | null;
  /** The folder a new point goes in (the one the list shows). */
  folderId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const folders = useFolderList('service', 'conversions');
  const tags = useTagOptions();
  const initial: PointForm = {
    name: point?.name ?? '',
    folder_id: point?.folder_id ?? folderId,
    goal_url: point?.goal_url ?? '',
    count_mode: point?.count_mode ?? 'once',
    value: point?.value ?? 0,
    score: point?.score ?? 0,
    tag_ids: point?.tag_ids ?? [],
  };
  const submit = async (values: PointForm) => {
    const goal = values.goal_url.trim();
    const saved = await savePoint(point?.id ?? null, { ...values, goal_url: goal === '' ? null : goal });
    feedback.notifySuccess(point ? t('conversions.saved') : t('conversions.created', { name: saved.name }));
  };
  return (
    <FormModal<PointForm>
      title={point ? t('conversions.editTitle') : t('conversions.createTitle')}
      initialValues={initial}
      fieldNames={FIELDS}
      onSubmit={submit}
      onClose={onClose}
      okTestId="conversion-save"
    >
      <NameItem
        label={t('conversions.name')}
        max={CONVERSION_NAME_MAX}
        requiredMessage={t('conversions.nameRequired')}
        tooLongMessage={t('conversions.nameTooLong', { max: CONVERSION_NAME_MAX })}
        testId="conversion-name"
      />
      <Form.Item name="folder_id" label={t('conversions.folder')}>
        <FolderSelect folders={folders} testId="conversion-folder" />
      </Form.Item>
      <Form.Item
        name="goal_url"
        label={t('conversions.goalUrl')}
        extra={t('conversions.goalUrlHint')}
        rules={[
          {
            validator: async (_, value: string) => {
              if (value.trim() !== '' && !isWebAddress(value.trim())) throw new Error(t('conversions.urlInvalid'));
            },
          },
        ]}
      >
        <Input placeholder="https://" data-testid="conversion-goal-url" />
      </Form.Item>
      <Form.Item name="count_mode" label={t('conversions.countMode')}>
        <Radio.Group
          options={CONVERSION_COUNT_MODES.map((mode) => ({ value: mode, label: t(`conversions.modes.${mode}`) }))}
          data-testid="conversion-count-mode"
        />
      </Form.Item>
      <Form.Item name="value" label={t('conversions.value')} extra={t('conversions.valueHint')}>
        <InputNumber
          min={0}
          max={CONVERSION_VALUE_MAX}
          precision={0}
          style={{ width: 200 }}
          data-testid="conversion-value"
        />
      </Form.Item>
      <Form.Item name="score" label={t('conversions.score')}>
        <InputNumber
          min={-1_000_000}
          max={1_000_000}
          precision={0}
          style={{ width: 200 }}
          data-testid="conversion-score"
        />
      </Form.Item>
      <Form.Item name="tag_ids" label={t('conversions.tags')}>
        <Select
          mode="multiple"
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="conversion-tags"
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('conversions.effectsHint')}</Typography.Text>
    </FormModal>
  );
}
