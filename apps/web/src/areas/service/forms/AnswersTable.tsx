import { EyeOutlined } from '@ant-design/icons';
import { formsApi, type FormAnswer } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { ListSearch } from '../../../components/ListParts.tsx';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { AnswerFriend, AnswerItems } from './form-parts.tsx';
import { formPath } from './paths.ts';
import { useAllForms, useChannelAnswers, useFormAnswers } from './useForms.ts';
import '../../../app/i18n/parts/forms.ts';

const FILTERS = ['friend_name', 'from', 'to', 'form_id'] as const;
const DAY = 'YYYY-MM-DD';
/** How many answered questions a row shows before "open" shows them all. */
const ROW_ITEMS = 2;

/** The first answered questions of an answer, in one line each. */
function AnswerGist({ answer }: { answer: FormAnswer }) {
  const items = answer.items.filter((item) => item.type !== 'heading' && item.text !== '').slice(0, ROW_ITEMS);
  return (
    <Flex vertical gap={0} style={{ maxWidth: 360 }}>
      {items.map((item) => (
        <Typography.Text
          key={item.key}
          ellipsis
          style={{ maxWidth: 360 }}
          data-testid={`answer-gist-${answer.id}-${item.key}`}
        >
          <Typography.Text type="secondary">{item.label}: </Typography.Text>
          {item.text}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The answer named by `?answer=` in a drawer (the talk entry and the rows link here). */
function AnswerDrawer({ answerId, onClose }: { answerId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useQuery({
    ...endpointQuery(formsApi.answer, { params: { id: answerId } }, { handles: [404] }),
    staleTime: 0,
  });
  const data = answer.data?.data;
  return (
    <Drawer open onClose={onClose} title={t('forms.answer')} width={560} data-testid="answer-drawer">
      {data ? (
        <Flex vertical gap={12}>
          <Flex vertical gap={2}>
            <Link to={formPath(data.form_id)} data-testid="answer-form-name">
              {data.form_name}
            </Link>
            <span>
              <AnswerFriend answer={data} />
            </span>
            <Typography.Text type="secondary">
              {t('forms.answeredAt')}: {formatDateTime(data.answered_at)}
              {data.edited_at && ` · ${t('forms.editedAt')}: ${formatDateTime(data.edited_at)}`}
            </Typography.Text>
          </Flex>
          <AnswerItems answer={data} />
        </Flex>
      ) : (
        <LoadState error={answer.error} backTo="" onRetry={() => void answer.refetch()} />
      )}
    </Drawer>
  );
}

/**
 * Answers in a table, newest first: one form's (`formId`) or every form's of the channel (with a
 * form filter); filtered by the friend's name and the days answered; each opens in a drawer.
 */
export function AnswersTable({ formId, extra }: { formId?: number; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const [searchParams, setSearchParams] = useSearchParams();
  const openAnswer = recordId(searchParams.get('answer') ?? undefined);
  const forms = useAllForms();
  const query = {
    page,
    limit,
    friend_name: filters.friend_name,
    from: filters.from,
    to: filters.to,
  };
  const channelWide = formId === undefined;
  const filteredFormId = recordId(filters.form_id);
  const ofForm = useFormAnswers(formId ?? 0, query, !channelWide);
  const ofChannel = useChannelAnswers({ ...query, form_id: filteredFormId }, channelWide);
  const list = channelWide ? ofChannel : ofForm;
  const setAnswer = (id: number | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === null) next.delete('answer');
        else next.set('answer', String(id));
        return next;
      },
      { replace: true },
    );

  const columns: ColumnsType<FormAnswer> = [
    {
      title: t('forms.answeredAt'),
      key: 'answered_at',
      render: (_, answer) => <span data-testid={`answer-time-${answer.id}`}>{formatDateTime(answer.answered_at)}</span>,
    },
    { title: t('forms.friend'), key: 'friend', render: (_, answer) => <AnswerFriend answer={answer} /> },
    ...(channelWide
      ? [
          {
            title: t('forms.form'),
            key: 'form',
            render: (_: unknown, answer: FormAnswer) => (
              <Link to={formPath(answer.form_id)} data-testid={`answer-form-${answer.id}`}>
                {answer.form_name}
              </Link>
            ),
          },
        ]
      : []),
    {
      title: t('forms.answerGist'),
      key: 'gist',
      responsive: ['md'],
      render: (_, answer) => <AnswerGist answer={answer} />,
    },
    {
      title: '',
      key: 'open',
      render: (_, answer) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setAnswer(answer.id)}
          data-testid={`answer-open-${answer.id}`}
        >
          {t('forms.openAnswer')}
        </Button>
      ),
    },
  ];
  const filtered = Boolean(filters.friend_name || filters.from || filters.to || filters.form_id);

  return (
    <>
      <ResourceTable<FormAnswer>
        params={{ page, limit, update }}
        list={list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.friend_name}
              placeholder={t('forms.friendSearch')}
              onSearch={(friendName) => update({ friend_name: friendName })}
            />
            {channelWide && (
              <Select<number>
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('forms.allForms')}
                value={filteredFormId}
                onChange={(id) => update({ form_id: id })}
                options={forms.map((form) => ({ value: form.id, label: form.name }))}
                style={{ width: 220 }}
                data-testid="answers-form-filter"
              />
            )}
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
              onChange={(range) => update({ from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) })}
              placeholder={[t('forms.from'), t('forms.to')]}
              data-testid="answers-date-filter"
            />
            {extra}
          </>
        }
        rowTestId={(answer) => `answer-row-${answer.id}`}
        emptyText={filtered ? t('forms.noMatchingAnswers') : t('forms.noAnswers')}
        emptyTestId="answers-empty"
        failedTestId="answers-load-failed"
        testId="answers-table"
      />
      {openAnswer !== undefined && <AnswerDrawer answerId={openAnswer} onClose={() => setAnswer(null)} />}
    </>
  );
}
