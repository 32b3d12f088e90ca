import {
  inquiriesApi as api,
  INQUIRY_ATTACHMENTS_MAX,
  INQUIRY_BODY_MAX,
  INQUIRY_CATEGORIES,
  INQUIRY_SUBJECT_MAX,
  type Inquiry,
  type InquiryCategory,
} from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result, Select, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, uploadFile } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import '../../../app/i18n/parts/inquiries.ts';

interface FormValues {
  category: InquiryCategory;
  subject: string;
  body: string;
}

const PAGE_SIZE = 20;

/** The support inquiry: the form (category, subject, message, images) and the caller's sent inquiries. */
export default function InquiryPage() {
  return (
    <>
      <PageHeader />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <InquiryForm />
        <SentList />
      </Space>
    </>
  );
}

function InquiryForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [attachments, setAttachments] = useState<{ id: number; url: string; name: string }[]>([]);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    try {
      const answer = await uploadFile(api.uploadAttachment, {}, file, { handles: [413, 422] });
      setAttachments((current) => [...current, { ...answer.data, name: file.name }]);
    } catch (error) {
      if (isApiError(error)) feedback.toastError(error.message);
      else throw error;
    }
  };

  const submit = async (values: FormValues) => {
    setBusy(true);
    try {
      await call(api.create, { body: { ...values, attachment_ids: attachments.map((a) => a.id) } }, { handles: [422] });
      feedback.notifySuccess(t('inquiries.sent'));
      form.resetFields();
      setAttachments([]);
      await invalidateEndpoints(api.list);
    } catch (error) {
      if (isApiError(error)) feedback.toastError(error.message);
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  const required = { required: true, whitespace: true, message: t('inquiries.required') };
  return (
    <Card title={t('inquiries.formTitle')}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        data-testid="inquiry-form"
      >
        <Form.Item
          name="category"
          label={t('inquiries.category')}
          rules={[{ required: true, message: t('inquiries.required') }]}
        >
          <Select
            data-testid="inquiry-category"
            options={INQUIRY_CATEGORIES.map((value) => ({ value, label: t(`inquiries.categories.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('inquiries.subject')}
          rules={[
            required,
            { max: INQUIRY_SUBJECT_MAX, message: t('inquiries.tooLong', { max: INQUIRY_SUBJECT_MAX }) },
          ]}
        >
          <Input data-testid="inquiry-subject" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('inquiries.body')}
          rules={[required, { max: INQUIRY_BODY_MAX, message: t('inquiries.tooLong', { max: INQUIRY_BODY_MAX }) }]}
        >
          <Input.TextArea rows={6} data-testid="inquiry-body" />
        </Form.Item>
        <Form.Item label={t('inquiries.attachments')}>
          <Space direction="vertical">
            {attachments.map((a) => (
              <Space key={a.id}>
                <span>{a.name}</span>
                <Button size="small" onClick={() => setAttachments((current) => current.filter((c) => c.id !== a.id))}>
                  {t('inquiries.remove')}
                </Button>
              </Space>
            ))}
            {attachments.length < INQUIRY_ATTACHMENTS_MAX && (
              <Upload
                accept="image/png,image/jpeg"
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file);
                  return false;
                }}
              >
                <Button data-testid="inquiry-attach">{t('inquiries.attach')}</Button>
              </Upload>
            )}
          </Space>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="inquiry-send">
          {t('inquiries.send')}
        </Button>
      </Form>
    </Card>
  );
}

function SentList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...endpointQuery(api.list, { query: { page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  if (query.isError && !query.data) {
    return (
      <Result
        status="warning"
        title={t('inquiries.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('inquiries.retry')}</Button>}
      />
    );
  }
  return (
    <Card title={t('inquiries.listTitle')}>
      <Table<Inquiry>
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: t('inquiries.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: query.data?.total_item_count ?? 0, onChange: setPage }}
        data-testid="inquiry-list"
        columns={[
          { title: t('inquiries.sentAt'), dataIndex: 'created_at', render: (value: string) => formatDateTime(value) },
          {
            title: t('inquiries.category'),
            dataIndex: 'category',
            render: (value: InquiryCategory) => t(`inquiries.categories.${value}`),
          },
          {
            title: t('inquiries.subject'),
            dataIndex: 'subject',
            render: (value: string, row) => (
              <Space direction="vertical" size={0}>
                <span>{value}</span>
                {row.attachments.length > 0 && (
                  <small>{t('inquiries.attachmentCount', { count: row.attachments.length })}</small>
                )}
              </Space>
            ),
          },
          {
            title: t('inquiries.status'),
            dataIndex: 'status',
            render: (value: Inquiry['status']) => (
              <Tag color={value === 'open' ? 'blue' : value === 'answered' ? 'green' : 'default'}>
                {t(`inquiries.statuses.${value}`)}
              </Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}
