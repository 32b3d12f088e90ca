import type { Endpoint } from '@linq/contract';
import { Button, Form, Space, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../app/navigation.tsx';
import { isApiError } from '../app/api/errors.ts';
import { invalidateEndpoints } from '../app/api/queries.ts';
import { feedback } from '../app/feedback.ts';
import { schemaRule, showFieldErrors, type ContractSchema } from '../app/forms.ts';
import { FormAlert } from './auth/FormAlert.tsx';

/** What a resource form needs of its contract body schema: each field's schema, by name. */
interface ContractObject {
  shape: Record<string, ContractSchema>;
}

export interface ResourceFormOptions<Values, Schema extends ContractObject, Saved> {
  /** The contract's body schema: its fields get its rules, and a 422 naming one shows on that field. */
  schema: Schema;
  /** Sends the form; rejects with the ApiError. */
  save: (values: Values) => Promise<Saved>;
  /** The success notice: a new record, or a changed one. */
  notice: 'created' | 'saved';
  /** Read endpoints whose cached answers the save changes. */
  changes: readonly Endpoint[];
  /** Where to go once saved. */
  next: (saved: Saved) => string;
}

/**
 * A create or edit form of a record, driven by the contract: field rules from the body schema, the
 * save with its success notice, the reads it changes reloaded, and then the next screen. The server's
 * 422 messages go onto the fields they name; the others (and a 409's reason) show above the form.
 */
export function useResourceForm<Values extends object, Schema extends ContractObject, Saved>(
  options: ResourceFormOptions<Values, Schema, Saved>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Values) => {
    setFormError(null);
    setSubmitting(true);
    let saved: Saved;
    try {
      saved = await options.save(values);
    } catch (error) {
      const unmatched = showFieldErrors(form, error, Object.keys(options.schema.shape));
      if (unmatched?.length) setFormError(unmatched.join(' '));
      else if (isApiError(error, 409)) setFormError(error.message);
      setSubmitting(false);
      return;
    }
    feedback.notifySuccess(t(`common.${options.notice}`));
    await invalidateEndpoints(...options.changes);
    setSubmitting(false);
    await navigate(options.next(saved));
  };

  return {
    form,
    submit,
    submitting,
    formError,
    /** The contract's rule of one field. */
    rule: (name: keyof Schema['shape'] & string): Rule => schemaRule(options.schema.shape[name]!),
    /** A choice (select, radio) that must be made. */
    choiceRule: { required: true, message: t('common.selectRequired') } satisfies Rule,
  };
}

/** A resource form as its fields see it; `Field` names the fields that take the contract's rule. */
export interface ResourceFormModel<Values, Field extends string = never> {
  form: FormInstance<Values>;
  submit: (values: Values) => Promise<void>;
  submitting: boolean;
  formError: string | null;
  rule: (name: Field) => Rule;
  choiceRule: Rule;
}

interface FormShellProps<Values> {
  model: Omit<ResourceFormModel<Values>, 'rule' | 'choiceRule'>;
  initialValues: Values;
  /** Where cancel goes (the record, or the list). */
  cancelTo: string;
  maxWidth?: number;
  /** The form's items. */
  children: ReactNode;
}

/** The frame of a resource form: the form-level error, the fields, and save and cancel. */
export function FormShell<Values extends object>({
  model,
  initialValues,
  cancelTo,
  maxWidth = 640,
  children,
}: FormShellProps<Values>) {
  const { t } = useTranslation();
  return (
    <Form<Values>
      form={model.form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void model.submit(values)}
      style={{ maxWidth }}
    >
      <FormAlert message={model.formError} />
      {children}
      <Space>
        <Button type="primary" htmlType="submit" loading={model.submitting} data-testid="form-submit">
          {t('common.save')}
        </Button>
        <Link to={cancelTo}>
          <Button data-testid="form-cancel">{t('common.cancel')}</Button>
        </Link>
      </Space>
    </Form>
  );
}
