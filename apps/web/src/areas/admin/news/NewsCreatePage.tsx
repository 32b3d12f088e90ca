import { newsApi, newsBody } from '@linq/contract';
import dayjs from 'dayjs';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useNewsDesk } from './desk.ts';
import { NewsForm, newsBodyOf, type NewsFormValues } from './NewsForm.tsx';
import { LIST_PATH } from './paths.ts';

export default function NewsCreatePage() {
  const { oemId, everyOem } = useNewsDesk();
  const model = useResourceForm({
    schema: newsBody,
    save: (values: NewsFormValues) => call(newsApi.create, { query: { oem_id: oemId }, body: newsBodyOf(values) }),
    notice: 'created',
    changes: [newsApi.list],
    next: () => LIST_PATH,
  });
  const initialValues: NewsFormValues = {
    title: '',
    body: '',
    audience: 'all',
    audience_oem_id: null,
    audience_agency_id: null,
    publish_at: dayjs().second(0).millisecond(0),
    pinned: false,
  };
  return (
    <ResourcePage backTo={LIST_PATH}>
      <NewsForm model={model} initialValues={initialValues} oemId={oemId} everyOem={everyOem} cancelTo={LIST_PATH} />
    </ResourcePage>
  );
}
