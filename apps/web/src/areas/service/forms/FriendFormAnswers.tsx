import { formsApi } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { formAnswerPath } from './paths.ts';
import { useCanViewForms } from './useForms.ts';
import '../../../app/i18n/parts/forms.ts';

const PAGE_SIZE = 5;

/** The friend detail's form answers (newest first), each opening on its form's page; for staff who may see forms. */
export function FriendFormAnswers({ friendId }: { friendId: number }) {
  return useCanViewForms() ? <FriendFormAnswersCard friendId={friendId} /> : null;
}

function FriendFormAnswersCard({ friendId }: { friendId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const answers = useQuery({
    ...endpointQuery(formsApi.ofFriend, { params: { friend_id: friendId }, query: { page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = answers.data?.data ?? [];
  return (
    <Card title={t('forms.friendAnswers')} data-testid="friend-form-answers">
      <List
        loading={answers.isFetching && !answers.data}
        dataSource={rows}
        locale={{
          emptyText: <Empty description={t('forms.friendNoAnswers')} data-testid="friend-form-answers-empty" />,
        }}
        pagination={
          (answers.data?.total_item_count ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: answers.data?.total_item_count ?? 0,
                onChange: setPage,
                size: 'small',
              }
            : false
        }
        renderItem={(answer) => (
          <List.Item
            extra={
              <Link to={formAnswerPath(answer.form_id, answer.id)} data-testid={`friend-answer-open-${answer.id}`}>
                {t('forms.openAnswer')}
              </Link>
            }
            data-testid={`friend-answer-${answer.id}`}
          >
            <List.Item.Meta
              title={answer.form_name}
              description={
                <Typography.Text type="secondary">
                  {formatDateTime(answer.answered_at)}
                  {answer.items
                    .filter((item) => item.type !== 'heading' && item.text !== '')
                    .slice(0, 1)
                    .map((item) => ` · ${item.label}: ${item.text}`)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
