import type { Form, FormAnswer } from '@linq/contract';
import { Descriptions, Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_BASE_URL } from '../../../app/config.ts';
import { Link } from '../../../app/navigation.tsx';
import { friendPath } from './paths.ts';
import '../../../app/i18n/parts/forms.ts';

/** Pieces several form screens show: a form's state, who answered, and one answer's items. */

const STATE_COLOURS: Record<Form['state'], string> = {
  open: 'green',
  scheduled: 'blue',
  closed: 'default',
  full: 'orange',
};

export function FormStateTag({ form }: { form: Pick<Form, 'id' | 'state'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[form.state]} data-testid={`form-state-${form.id}`} data-state={form.state}>
      {t(`forms.states.${form.state}`)}
    </Tag>
  );
}

/** The friend who answered, linking to their page; "anonymous" otherwise. */
export function AnswerFriend({ answer }: { answer: FormAnswer }) {
  const { t } = useTranslation();
  return answer.friend ? (
    <Link to={friendPath(answer.friend.id)} data-testid={`answer-friend-${answer.id}`}>
      {answer.friend.name}
    </Link>
  ) : (
    <Typography.Text type="secondary" data-testid={`answer-friend-${answer.id}`}>
      {t('forms.anonymous')}
    </Typography.Text>
  );
}

/** An image answer as the console serves it (the contract's address is relative to the API). */
const imageSrc = (url: string) => (url.startsWith('/') ? `${API_BASE_URL}${url}` : url);

/** One answer's questions and answers, as text (answers are untrusted). */
export function AnswerItems({ answer }: { answer: FormAnswer }) {
  const { t } = useTranslation();
  const items = answer.items.filter((item) => item.type !== 'heading');
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={items.map((item) => ({
        key: item.key,
        label: <span style={{ whiteSpace: 'pre-wrap' }}>{item.label}</span>,
        children: item.image_url ? (
          <Image src={imageSrc(item.image_url)} alt="" width={160} />
        ) : (
          <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`answer-item-${item.key}`}>
            {item.text || <Typography.Text type="secondary">{t('forms.unanswered')}</Typography.Text>}
          </span>
        ),
      }))}
      data-testid={`answer-items-${answer.id}`}
    />
  );
}
