import { FOLDER_NAME_MAX } from '@linq/contract';
import { useTranslation } from 'react-i18next';
import { FormModal, NameItem } from '../FormModal.tsx';
import '../../app/i18n/parts/folders.ts';

interface FolderNameModalProps {
  title: string;
  initialName: string;
  /** Saves the name; a rejection with a 422 shows on the name field, other errors above it. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Create or rename a folder: one name field. */
export function FolderNameModal({ title, initialName, onSubmit, onClose }: FolderNameModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      title={title}
      initialValues={{ name: initialName }}
      fieldNames={['name']}
      onSubmit={({ name }) => onSubmit(name)}
      onClose={onClose}
      okTestId="folder-name-save"
      cancelTestId="folder-name-cancel"
    >
      <NameItem
        label={t('folders.name')}
        max={FOLDER_NAME_MAX}
        requiredMessage={t('folders.nameRequired')}
        tooLongMessage={t('folders.nameTooLong', { max: FOLDER_NAME_MAX })}
        testId="folder-name-input"
      />
    </FormModal>
  );
}
