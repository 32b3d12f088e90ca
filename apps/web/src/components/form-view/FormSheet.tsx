import type { FormField } from '@linq/contract';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields, type AnswerValues } from './FormFields.tsx';
import '../../app/i18n/parts/form-page.ts';

interface FormSheetProps {
  title: string;
  description: string;
  fields: readonly FormField[];
  values: AnswerValues;
  onChange: (key: string, value: unknown) => void;
  errors: Record<string, string>;
  upload?: (file: File) => Promise<string>;
  /** Absent in the preview, whose send button does nothing. */
  onSubmit?: () => void;
  sending?: boolean;
  /** Shown above the send button (what went wrong with the last send). */
  notice?: ReactNode;
}

/** A whole answer form as a friend sees it: its title, description, fields and send button. */
export function FormSheet(props: FormSheetProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="form-sheet">
      <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="form-title">
        {props.title}
      </Typography.Title>
      {props.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="form-description">
          {props.description}
        </Typography.Paragraph>
      )}
      <FormFields
        fields={props.fields}
        values={props.values}
        onChange={props.onChange}
        errors={props.errors}
        upload={props.upload}
        disabled={props.sending}
      />
      {props.notice}
      <Button
        type="primary"
        size="large"
        block
        loading={props.sending}
        disabled={!props.onSubmit}
        onClick={props.onSubmit}
        data-testid="form-submit"
      >
        {props.sending ? t('formPage.sending') : t('formPage.submit')}
      </Button>
    </Flex>
  );
}
