import { newsApi, newsBody, type News } from '@linq/contract';
import dayjs from 'dayjs';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { useNewsDesk } from './desk.ts';
import { NewsForm, newsBodyOf, type NewsFormValues } from './NewsForm.tsx';
import { LIST_PATH } from './paths.ts';

function formValuesOf(item: News): NewsFormValues {
  return {
    title: item.title,
    body: item.body,
    audience: item.audience,
    audience_oem_id: item.audience_oem?.id ?? null,
    audience_agency_id: item.audience_agency?.id ?? null,
    publish_at: dayjs(item.publish_at),
    pinned: item.pinned,
  };
}

function EditForm({ item, oemId, everyOem }: { item: News; oemId: number | undefined; everyOem: boolean }) {
  const model = useResourceForm({
    schema: newsBody,
    save: (values: NewsFormValues) =>
      call(newsApi.update, { params: { id: item.id }, query: { oem_id: oemId }, body: newsBodyOf(values) }),
    notice: 'saved',
    changes: [newsApi.list, newsApi.get],
    next: () => LIST_PATH,
  });
  return (
    <NewsForm model={model} initialValues={formValuesOf(item)} oemId={oemId} everyOem={everyOem} cancelTo={LIST_PATH} />
  );
}

export default function NewsEditPage() {
  const { oemId, everyOem } = useNewsDesk();
  return (
    <RecordPage endpoint={newsApi.get} query={{ oem_id: oemId }} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} item={data} oemId={oemId} everyOem={everyOem} />}
    </RecordPage>
  );
}
