import { Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../app/forms.ts';
import { FormAlert, formLevelMessage } from './auth/FormAlert.tsx';

interface FormModalProps<T> {
  title: string;
  initialValues: T;
  /** Top-level fields a 422 answer may name: its messages show on them, any others above the form. */
  fieldNames: readonly string[];
  /** Saves; the dialog closes when this resolves and stays open, showing the error, when it rejects. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  okText?: string;
  /** The dialog's width (antd's default when absent). */
  width?: number;
  okTestId: string;
  cancelTestId?: string;
  /** The form's items. */
  children: ReactNode;
}

/**
 * A small form in a dialog (create/edit of a record that has no page of its own). Rendered while
 * open, so each opening starts from initialValues; Enter in a field submits.
 */
export function FormModal<T extends object>(props: FormModalProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<T>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (values: T) => {
    setFormError(null);
    setSaving(true);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (error) {
      // Non-422 failures were also reported by the request layer; the dialog keeps the input.
      if (error instanceof Error) {
        setFormError(formLevelMessage(error, showFieldErrors(form, error, props.fieldNames)));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={props.title}
      width={props.width}
      okText={props.okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      okButtonProps={{ 'data-testid': props.okTestId }}
      cancelButtonProps={props.cancelTestId ? { 'data-testid': props.cancelTestId } : undefined}
      destroyOnHidden
      modalRender={(node) => (
        <Form<T>
          form={form}
          layout="vertical"
          initialValues={props.initialValues}
          onFinish={(values) => void submit(values)}
        >
          {node}
        </Form>
      )}
    >
      <FormAlert message={formError} />
      {props.children}
    </Modal>
  );
}

interface NameItemProps {
  label: string;
  max: number;
  requiredMessage: string;
  tooLongMessage: string;
  testId: string;
}

/** The required "name" field of such a form: trimmed and at most max characters, as the server checks. */
export function NameItem({ label, max, requiredMessage, tooLongMessage, testId }: NameItemProps) {
  return (
    <Form.Item
      name="name"
      label={label}
      rules={[
        { required: true, whitespace: true, message: requiredMessage },
        { max, message: tooLongMessage },
      ]}
    >
      <Input autoFocus maxLength={max} showCount data-testid={testId} />
    </Form.Item>
  );
}
