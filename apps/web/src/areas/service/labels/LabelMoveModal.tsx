import type { Folder } from '@linq/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { FolderSelect } from '../../../components/folders/FolderSelect.tsx';
import '../../../app/i18n/parts/labels.ts';

interface LabelMoveModalProps {
  count: number;
  folders: readonly Folder[];
  /** Where the labels are listed now (the sidebar's folder), offered first. */
  currentFolderId: number | null;
  onMove: (folderId: number | null) => Promise<unknown>;
  onClose: () => void;
}

/** Moves the chosen labels into one folder, or out of every folder. */
export function LabelMoveModal({ count, folders, currentFolderId, onMove, onClose }: LabelMoveModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal<{ folder_id: number | null }>
      title={t('labels.moveTitle', { count })}
      initialValues={{ folder_id: currentFolderId }}
      fieldNames={['folder_id']}
      onSubmit={({ folder_id }) => onMove(folder_id)}
      onClose={onClose}
      okText={t('labels.move')}
      okTestId="move-save"
    >
      <Form.Item name="folder_id" label={t('labels.moveTo')}>
        <FolderSelect folders={folders} testId="move-folder" />
      </Form.Item>
    </FormModal>
  );
}
