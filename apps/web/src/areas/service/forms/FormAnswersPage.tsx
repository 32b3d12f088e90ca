import { PageHeader } from '../../../components/PageHeader.tsx';
import { AnswersTable } from './AnswersTable.tsx';

/** /service/service-form: every answer to the channel's forms, newest first, by form, friend and days. */
export default function FormAnswersPage() {
  return (
    <>
      <PageHeader />
      <AnswersTable />
    </>
  );
}
