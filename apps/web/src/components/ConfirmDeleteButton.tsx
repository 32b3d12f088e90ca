import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteButtonProps {
  /** Shown in the question; rendered as text. */
  name: string;
  /** A line under the question, e.g. what else the deletion removes. */
  description?: string;
  onConfirm: () => Promise<unknown>;
  testIdValue?: string;
  compact?: boolean;
}

/** A delete button that asks first; the confirmation's OK button waits for the deletion. */
export function ConfirmDeleteButton({
  name,
  description,
  onConfirm,
  testIdValue = 'delete-button',
  compact,
}: ConfirmDeleteButtonProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('common.confirmDelete', { name })}
      description={description}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' }}
      // antd keeps the OK button loading until a returned promise settles, although its type says void.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button danger size={compact ? 'small' : 'middle'} icon={<DeleteOutlined />} data-testid={testIdValue}>
        {compact ? null : t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
