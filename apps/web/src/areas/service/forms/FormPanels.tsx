import { DownloadOutlined } from '@ant-design/icons';
import { formsApi, isChoiceType, type Form, type FormQuestionSummary } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, List, Result, Row, Spin, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { download, saveBlob } from '../../../app/api/download.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../components/format.ts';
import { useMarkOptions, useScenarioOptions, useTagOptions } from '../plans/editor/useEditorOptions.ts';
import { useAllRichMenus } from '../rich-menu/useRichMenus.ts';
import { actionChanges, type ActionNames } from './history-text.ts';
import '../../../app/i18n/parts/forms.ts';

/** ECharts loads with the first chart, not with the form's page. */
const OptionChart = lazy(async () => ({ default: (await import('./OptionChart.tsx')).OptionChart }));

/** The answers' filters in the address (the answers tab's), which the summary and the CSV follow. */
function useAnswerFilters() {
  const [params] = useSearchParams();
  return {
    friend_name: params.get('friend_name') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
}

/** Downloads the form's answers as filtered now (CSV, UTF-8 with BOM); the server names the file. */
export function AnswersCsvButton({ form }: { form: Form }) {
  const { t } = useTranslation();
  const filters = useAnswerFilters();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await download(
        formsApi.exportCsv,
        { params: { id: form.id }, query: filters },
        { handles: 'http' },
      );
      saveBlob(blob, filename ?? `form-${form.id}-answers-${dayjs().format('YYYYMMDD-HHmm')}.csv`);
    } catch (error) {
      if (!isApiError(error) || !error.isNetworkError)
        feedback.notifyError(t('forms.exportFailed'), error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void exportCsv()} data-testid="answers-csv">
      {t('forms.exportCsv')}
    </Button>
  );
}

function QuestionCard({ question, total }: { question: FormQuestionSummary; total: number }) {
  const { t } = useTranslation();
  const choice = isChoiceType(question.type);
  const percent = (count: number) => (total > 0 ? `${Math.round((count / total) * 1000) / 10}%` : '—');
  const options = useMemo(() => question.options.map(({ label, count }) => ({ label, count })), [question.options]);
  return (
    <Card
      size="small"
      title={<span style={{ whiteSpace: 'pre-wrap' }}>{question.label}</span>}
      extra={<Tag>{t(`forms.fieldTypes.${question.type}`)}</Tag>}
      data-testid={`summary-${question.key}`}
    >
      <Typography.Paragraph type="secondary">
        {t('forms.summary.answered', { count: question.answered_count, total })}
      </Typography.Paragraph>
      {choice && question.options.length > 0 && (
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Suspense fallback={<Spin delay={SPINNER_DELAY_MS} />}>
              <OptionChart options={options} label={t('forms.summary.chartLabel', { label: question.label })} />
            </Suspense>
          </Col>
          <Col xs={24} md={10}>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={question.options}
              columns={[
                { title: t('forms.summary.option'), key: 'label', dataIndex: 'label' },
                {
                  title: t('forms.summary.count'),
                  key: 'count',
                  align: 'right',
                  render: (_, option) => (
                    <span data-testid={`summary-count-${question.key}-${option.key}`}>{option.count}</span>
                  ),
                },
                { title: '%', key: 'percent', align: 'right', render: (_, option) => percent(option.count) },
              ]}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}

/** Per question: how many answered it and, for choices, how many chose each option (a chart and the figures). */
export function SummaryPanel({ form }: { form: Form }) {
  const { t } = useTranslation();
  const filters = useAnswerFilters();
  const summary = useQuery({
    ...endpointQuery(formsApi.summary, { params: { id: form.id }, query: filters }),
    staleTime: 0,
  });
  if (!summary.data) {
    return summary.isError ? (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void summary.refetch()}>{t('common.retry')}</Button>}
      />
    ) : (
      <Spin delay={SPINNER_DELAY_MS} />
    );
  }
  const { answer_count: total, questions } = summary.data.data;
  const shown = questions.filter((question) => question.type !== 'heading');
  return (
    <Flex vertical gap={12} data-testid="form-summary">
      <Typography.Text data-testid="summary-total">{t('forms.summary.total', { count: total })}</Typography.Text>
      {shown.length === 0 ? (
        <Empty description={t('forms.summary.empty')} />
      ) : (
        shown.map((question) => <QuestionCard key={question.key} question={question} total={total} />)
      )}
    </Flex>
  );
}

function useActionNames(): ActionNames {
  const { t } = useTranslation();
  const tags = useTagOptions();
  const marks = useMarkOptions();
  const plans = useScenarioOptions(null);
  const menus = useAllRichMenus();
  const find = (items: readonly { id: number; name: string }[]) => (id: number) =>
    items.find((item) => item.id === id)?.name;
  return {
    tag: find(tags),
    mark: find(marks),
    plan: find(plans),
    richMenu: find(menus),
    missing: t('forms.history.missing'),
    none: t('forms.history.none'),
  };
}

/** Who changed the form when, and how its actions on answer changed. */
export function HistoryPanel({ form }: { form: Form }) {
  const { t } = useTranslation();
  const names = useActionNames();
  const history = useQuery({ ...endpointQuery(formsApi.history, { params: { id: form.id } }), staleTime: 0 });
  if (!history.data) return history.isError ? null : <Spin delay={SPINNER_DELAY_MS} />;
  const entries = history.data.data;
  if (entries.length === 0) return <Empty description={t('forms.history.empty')} />;
  return (
    <Timeline
      data-testid="form-history"
      items={entries.map((entry) => {
        const places = actionChanges(entry.before, entry.after, names);
        return {
          key: entry.id,
          children: (
            <Flex vertical gap={4} data-testid={`history-entry-${entry.id}`}>
              <Typography.Text strong>
                {t(`forms.history.kinds.${entry.kind}`)} · {formatDateTime(entry.at)} ·{' '}
                {entry.actor_name ?? t('forms.history.system')}
              </Typography.Text>
              {places.length > 0 && (
                <List
                  size="small"
                  dataSource={places.flatMap((place) =>
                    place.changes.map((change) => ({
                      where: place.option
                        ? `${place.option.field} / ${place.option.option}`
                        : t('forms.history.wholeForm'),
                      ...change,
                    })),
                  )}
                  renderItem={(change) => (
                    <List.Item style={{ padding: '2px 0' }}>
                      <Typography.Text>
                        <Typography.Text type="secondary">{change.where}</Typography.Text>{' '}
                        {t(`forms.actions.${change.key}`)}: {change.before} → {change.after}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
              )}
            </Flex>
          ),
        };
      })}
    />
  );
}
