import {
  OEM_PAGE_BODY_MAX,
  oemPageInput,
  oemPrivacyApi,
  type OemPageKind,
  type OemPageVersion,
  type OemPrivacy,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Input, Modal, Row, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFieldErrors } from '../../../app/forms.ts';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { Markdown } from '../../../components/markdown/Markdown.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import '../../../app/i18n/parts/oems.ts';

/** The public page of each text on the OEM's own domain. */
const PUBLIC_PATHS: Record<OemPageKind, string> = { privacy_policy: '/privacy-policy', terms: '/rule' };

const publicUrl = (domain: string, kind: OemPageKind) => {
  const port = window.location.port ? `:${window.location.port}` : '';
  return `${window.location.protocol}//${domain}${port}${PUBLIC_PATHS[kind]}`;
};

function History({
  kind,
  oemId,
  onRestore,
}: {
  kind: OemPageKind;
  oemId: number | undefined;
  onRestore: (body: string) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<OemPageVersion | null>(null);
  const versions = useQuery(
    endpointQuery(oemPrivacyApi.versions, { params: { kind }, query: { oem_id: oemId, page, limit: 10 } }),
  );

  const view = async (id: number) => {
    const answer = await call(oemPrivacyApi.version, { params: { id }, query: { oem_id: oemId } });
    setViewing(answer.data);
  };

  return (
    <>
      <Table
        rowKey="id"
        size="small"
        loading={versions.isPending}
        dataSource={versions.data?.data}
        locale={{ emptyText: t('oemPrivacy.noHistory') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: versions.data?.total_item_count ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        data-testid={`history-${kind}`}
        columns={[
          {
            title: t('oemPrivacy.version'),
            key: 'version',
            render: (_, version) => t('oemPrivacy.versionValue', { version: version.version }),
          },
          {
            title: t('oemPrivacy.savedAt'),
            key: 'created_at',
            render: (_, version) => formatDateTime(version.created_at),
          },
          { title: t('oemPrivacy.author'), key: 'author', render: (_, version) => version.author_name },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, version) => (
              <Button
                size="small"
                onClick={() => void view(version.id)}
                data-testid={`view-version-${version.version}`}
              >
                {t('oemPrivacy.view')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={viewing !== null}
        width={800}
        title={viewing && t('oemPrivacy.viewTitle', { kind: t(`oemPrivacy.${kind}`), version: viewing.version })}
        onCancel={() => setViewing(null)}
        footer={
          <Space>
            <Button onClick={() => setViewing(null)}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              onClick={() => {
                if (viewing) onRestore(viewing.body);
                setViewing(null);
              }}
              data-testid="restore-version"
            >
              {t('oemPrivacy.restore')}
            </Button>
          </Space>
        }
      >
        {viewing && <Markdown source={viewing.body} testId="version-body" />}
      </Modal>
    </>
  );
}

function PageEditor({ kind, privacy, oemId }: { kind: OemPageKind; privacy: OemPrivacy; oemId: number | undefined }) {
  const { t } = useTranslation();
  const current = privacy[kind];
  const [form] = Form.useForm<{ body: string }>();
  const body = Form.useWatch('body', form) ?? '';
  const [saving, setSaving] = useState(false);

  const save = async ({ body: text }: { body: string }) => {
    setSaving(true);
    try {
      const answer = await call(
        oemPrivacyApi.save,
        { params: { kind }, query: { oem_id: oemId }, body: { body: text } },
        { handles: [422] },
      );
      feedback.notifySuccess(t('oemPrivacy.saved', { version: answer.data.version }));
      await invalidateEndpoints(oemPrivacyApi.get, oemPrivacyApi.versions);
    } catch (error) {
      showFieldErrors(form, error, ['body']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text type="secondary" data-testid={`current-${kind}`}>
          {current
            ? t('oemPrivacy.current', {
                version: current.version,
                time: formatDateTime(current.created_at),
                author: current.author_name,
              })
            : t('oemPrivacy.none')}
        </Typography.Text>
        <Typography.Link href={publicUrl(privacy.oem.domain, kind)} target="_blank" rel="noopener noreferrer">
          {t('oemPrivacy.publicPage')}
        </Typography.Link>
      </Space>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ body: current?.body ?? '' }}
        onFinish={(values) => void save(values)}
      >
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="body"
              label={t('oemPrivacy.body')}
              extra={t('oemPrivacy.bodyHint')}
              rules={[schemaRule(oemPageInput.shape.body)]}
            >
              <Input.TextArea
                autoSize={{ minRows: 14, maxRows: 30 }}
                maxLength={OEM_PAGE_BODY_MAX}
                data-testid={`field-body-${kind}`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Text strong>{t('oemPrivacy.preview')}</Typography.Text>
            <Card size="small" style={{ marginTop: 8, maxHeight: 560, overflow: 'auto' }}>
              {body.trim() ? (
                <Markdown source={body} testId={`preview-${kind}`} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              )}
            </Card>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`save-${kind}`}>
          {t('oemPrivacy.saveVersion')}
        </Button>
      </Form>
      <Typography.Title level={5}>{t('oemPrivacy.history')}</Typography.Title>
      <History kind={kind} oemId={oemId} onRestore={(text) => form.setFieldsValue({ body: text })} />
    </Space>
  );
}

/** The acting OEM's privacy policy and terms of use: edit with a preview, save as a new version, the history. */
export default function OemPrivacyPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const privacy = useQuery(endpointQuery(oemPrivacyApi.get, { query: { oem_id: oemId } }));
  const data = privacy.data?.data;
  return (
    <>
      <PageHeader />
      <Card>
        {!data ? (
          <LoadState error={privacy.error} backTo="/admin" onRetry={() => void privacy.refetch()} />
        ) : (
          <Tabs
            items={(['privacy_policy', 'terms'] as const).map((kind) => ({
              key: kind,
              label: <span data-testid={`tab-${kind}`}>{t(`oemPrivacy.${kind}`)}</span>,
              children: (
                <PageEditor key={`${data.oem.id}-${data[kind]?.id ?? 0}`} kind={kind} privacy={data} oemId={oemId} />
              ),
            }))}
          />
        )}
      </Card>
    </>
  );
}
