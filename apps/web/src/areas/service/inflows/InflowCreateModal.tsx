import { INFLOW_NAME_MAX, type InflowRoute } from '@linq/contract';
import { Button, Form, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderSelect } from '../../../components/folders/FolderSelect.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { FormModal, NameItem } from '../../../components/FormModal.tsx';
import { saveInflow } from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

interface CreateValues {
  name: string;
  folder_id: number | null;
  use_login: boolean;
}

/**
 * "Create": a new route needs only a name (and a folder); its URL exists at once, and the rest
 * (destination, actions, cost) is set on its page, where the new route opens.
 */
export function InflowCreateButton({
  folderId,
  onCreated,
}: {
  folderId: number | null;
  onCreated: (route: InflowRoute) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const folders = useFolderList('service', 'inflows');
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="create-button">
        {t('common.create')}
      </Button>
      {open && (
        <FormModal<CreateValues>
          title={t('inflows.createTitle')}
          initialValues={{ name: '', folder_id: folderId, use_login: true }}
          fieldNames={['name', 'folder_id', 'use_login']}
          onSubmit={async (values) => onCreated(await saveInflow(null, values))}
          onClose={() => setOpen(false)}
          okText={t('common.create')}
          okTestId="inflow-create-ok"
        >
          <NameItem
            label={t('inflows.name')}
            max={INFLOW_NAME_MAX}
            requiredMessage={t('inflows.nameRequired')}
            tooLongMessage={t('inflows.nameTooLong', { max: INFLOW_NAME_MAX })}
            testId="inflow-create-name"
          />
          <Form.Item name="folder_id" label={t('inflows.folder')}>
            <FolderSelect folders={folders} testId="inflow-create-folder" />
          </Form.Item>
          <Form.Item
            name="use_login"
            label={t('inflows.useLogin')}
            extra={t('inflows.useLoginHint')}
            valuePropName="checked"
          >
            <Switch data-testid="inflow-create-use-login" />
          </Form.Item>
        </FormModal>
      )}
    </>
  );
}
