import { HEX_COLOR, LABEL_NAME_MAX, type Folder } from '@linq/contract';
import { ColorPicker, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, NameItem } from '../../../components/FormModal.tsx';
import { FolderSelect } from '../../../components/folders/FolderSelect.tsx';
import { DEFAULT_MARK_COLOUR, MARK_COLOURS, type Label, type LabelFormValues, type LabelKind } from './label-kind.ts';
import '../../../app/i18n/parts/labels.ts';

const FIELDS = ['name', 'folder_id', 'color'];

interface LabelFormModalProps {
  kind: LabelKind;
  /** The label to edit; undefined to create one. */
  label?: Label;
  folders: readonly Folder[];
  /** The folder a new label goes into (the one selected in the sidebar). */
  defaultFolderId: number | null;
  onSave: (values: LabelFormValues, existing?: Label) => Promise<unknown>;
  onClose: () => void;
}

/** Create or edit a tag or mark: name, folder and (marks) colour; server 422s show on the fields. */
export function LabelFormModal({ kind, label, folders, defaultFolderId, onSave, onClose }: LabelFormModalProps) {
  const { t } = useTranslation();
  const initialValues: LabelFormValues = {
    name: label?.name ?? '',
    folder_id: label ? label.folder_id : defaultFolderId,
    ...(kind.coloured ? { color: label?.color ?? DEFAULT_MARK_COLOUR } : {}),
  };

  return (
    <FormModal
      title={t(label ? `${kind.feature}.editTitle` : `${kind.feature}.createTitle`)}
      initialValues={initialValues}
      fieldNames={FIELDS}
      onSubmit={(values) => onSave(values, label)}
      onClose={onClose}
      okTestId="label-save"
      cancelTestId="label-cancel"
    >
      <NameItem
        label={t('labels.name')}
        max={LABEL_NAME_MAX}
        requiredMessage={t('labels.nameRequired')}
        tooLongMessage={t('labels.nameTooLong', { max: LABEL_NAME_MAX })}
        testId="field-name"
      />
      <Form.Item name="folder_id" label={t('labels.folder')}>
        <FolderSelect folders={folders} testId="field-folder" />
      </Form.Item>
      {kind.coloured && (
        <Form.Item
          name="color"
          label={t('labels.color')}
          rules={[
            { required: true, message: t('labels.colorInvalid') },
            { pattern: HEX_COLOR, message: t('labels.colorInvalid') },
          ]}
        >
          <ColourField />
        </Form.Item>
      )}
    </FormModal>
  );
}

/** A #RRGGBB colour: typed as text (keyboard, exact values) or picked, both writing the same value. */
function ColourField({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  const valid = value !== undefined && HEX_COLOR.test(value);
  return (
    <Space.Compact>
      <ColorPicker
        value={valid ? value : undefined}
        disabledAlpha
        format="hex"
        presets={[{ label: t('labels.color'), colors: [...MARK_COLOURS], defaultOpen: true }]}
        onChange={(colour) => onChange?.(colour.toHexString().toUpperCase())}
        data-testid="field-color-picker"
      />
      <Input
        value={value}
        onChange={(event) => onChange?.(event.target.value.trim().toUpperCase())}
        maxLength={7}
        placeholder="#RRGGBB"
        aria-label={t('labels.color')}
        style={{ width: 120 }}
        data-testid="field-color"
      />
    </Space.Compact>
  );
}
