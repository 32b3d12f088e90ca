import { Alert } from 'antd';

/** A form-level error (a message that belongs to no single field), shown above the form. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid="form-error" />;
}

/** The message to show above a form for an error that 422 field errors did not fully cover. */
export function formLevelMessage(error: Error, unmatchedFieldMessages: string[] | null): string | null {
  if (unmatchedFieldMessages === null) return error.message;
  return unmatchedFieldMessages.length ? unmatchedFieldMessages.join(' ') : null;
}
