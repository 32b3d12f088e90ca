import type { Folder } from '@linq/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../app/i18n/parts/folders.ts';

// Folder ids are positive, so 0 can stand for "no folder" (antd's Select treats null as no value).
const NO_FOLDER = 0;

/** A folder choice whose value is the folder id, or null for no folder. */
export function FolderSelect(props: {
  folders: readonly Folder[];
  value?: number | null;
  onChange?: (value: number | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<number>
      value={props.value ?? NO_FOLDER}
      onChange={(value) => props.onChange?.(value === NO_FOLDER ? null : value)}
      options={[
        { value: NO_FOLDER, label: t('folders.none') },
        ...props.folders.map((folder) => ({ value: folder.id, label: folder.name })),
      ]}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      data-testid={props.testId}
    />
  );
}
