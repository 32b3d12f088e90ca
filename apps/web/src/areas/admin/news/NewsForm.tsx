import { adminOemOptionsApi, agenciesApi, NEWS_AUDIENCES, NEWS_BODY_MAX, type NewsAudience } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Form, Input, Radio, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Markdown } from '../../../components/markdown/Markdown.tsx';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/news.ts';

export interface NewsFormValues {
  title: string;
  body: string;
  audience: NewsAudience;
  audience_oem_id: number | null;
  audience_agency_id: number | null;
  publish_at: Dayjs;
  pinned: boolean;
}

/** What the server takes: the publish time with the browser's offset. */
export function newsBodyOf(values: NewsFormValues) {
  return {
    title: values.title,
    body: values.body,
    audience: values.audience,
    audience_oem_id: values.audience === 'oem' ? values.audience_oem_id : null,
    audience_agency_id: values.audience === 'agency' ? values.audience_agency_id : null,
    publish_at: values.publish_at.format(),
    pinned: values.pinned,
  };
}

interface NewsFormProps {
  model: ResourceFormModel<NewsFormValues, 'title' | 'body'>;
  initialValues: NewsFormValues;
  oemId: number | undefined;
  /** Whether the desk reaches every OEM (a platform admin on their own OEM): only then may one OEM be chosen. */
  everyOem: boolean;
  cancelTo: string;
}

export function NewsForm({ model, initialValues, oemId, everyOem, cancelTo }: NewsFormProps) {
  const { t } = useTranslation();
  const audience = Form.useWatch('audience', model.form) ?? initialValues.audience;
  const body = Form.useWatch('body', model.form) ?? initialValues.body;
  const agencies = useQuery({
    ...endpointQuery(agenciesApi.options, { query: { oem_id: oemId } }),
    enabled: audience === 'agency',
  });
  const oems = useQuery({ ...endpointQuery(adminOemOptionsApi.list, {}), enabled: everyOem && audience === 'oem' });
  const audiences = NEWS_AUDIENCES.filter((value) => value !== 'oem' || everyOem || initialValues.audience === 'oem');

  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="title" label={t('news.title')} rules={[model.rule('title')]}>
        <Input maxLength={100} data-testid="field-title" />
      </Form.Item>
      <Form.Item name="body" label={t('news.body')} extra={t('news.bodyHint')} rules={[model.rule('body')]}>
        <Input.TextArea rows={8} maxLength={NEWS_BODY_MAX} data-testid="field-body" />
      </Form.Item>
      {body?.trim() && (
        <Card size="small" title={t('news.preview')} style={{ marginBottom: 24 }}>
          <Markdown source={body} testId="news-preview" />
        </Card>
      )}
      <Form.Item
        name="audience"
        label={t('news.audience')}
        extra={audience === 'all' ? (everyOem ? t('news.everyOem') : t('news.ownOem')) : undefined}
        rules={[model.choiceRule]}
      >
        <Radio.Group
          options={audiences.map((value) => ({
            value,
            label: <span data-testid={`field-audience-${value}`}>{t(`news.audiences.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      {audience === 'oem' && (
        <Form.Item name="audience_oem_id" label={t('news.audienceOem')} rules={[model.choiceRule]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={oems.isPending}
            placeholder={t('news.chooseOem')}
            options={oems.data?.data.map((oem) => ({ value: oem.id, label: oem.name }))}
            optionRender={(option) => <span data-testid={`oem-option-${option.value}`}>{option.label}</span>}
            data-testid="field-audience_oem_id"
          />
        </Form.Item>
      )}
      {audience === 'agency' && (
        <Form.Item name="audience_agency_id" label={t('news.audienceAgency')} rules={[model.choiceRule]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={agencies.isPending}
            placeholder={t('news.chooseAgency')}
            options={agencies.data?.data.map((agency) => ({ value: agency.id, label: agency.name }))}
            optionRender={(option) => <span data-testid={`agency-option-${option.value}`}>{option.label}</span>}
            data-testid="field-audience_agency_id"
          />
        </Form.Item>
      )}
      <Form.Item
        name="publish_at"
        label={t('news.publishAt')}
        extra={t('news.publishAtHint')}
        rules={[{ required: true, message: t('news.publishAtRequired') }]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm', minuteStep: 5 }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          style={{ width: 220 }}
          data-testid="field-publish_at"
        />
      </Form.Item>
      <Form.Item name="pinned" label={t('news.pinned')} valuePropName="checked">
        <Switch data-testid="field-pinned" />
      </Form.Item>
    </FormShell>
  );
}
