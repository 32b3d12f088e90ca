import { NEWS_STATUSES, newsApi, type News, type NewsStatus } from '@linq/contract';
import { Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/news.ts';

const FILTERS = ['q', 'status'] as const;

const parseStatus = (value: string | undefined): NewsStatus | undefined =>
  NEWS_STATUSES.find((status) => status === value);

/** Whom a notice reaches, in words. */
export function useAudienceLabel() {
  const { t } = useTranslation();
  return (item: News): string => {
    if (item.audience === 'agency') return `${t('news.audienceAgency')}: ${item.audience_agency?.name ?? '-'}`;
    if (item.audience === 'oem') return `${t('news.audienceOem')}: ${item.audience_oem?.name ?? '-'}`;
    return item.every_oem ? t('news.everyOem') : t('news.ownOem');
  };
}

export default function NewsListPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const audienceLabel = useAudienceLabel();
  const news = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(newsApi.list, {
      query: { page, limit, oem_id: oemId, q: filters.q, status: parseStatus(filters.status) },
    }),
  );
  const { filters, update } = news;
  const removeNews = useRemoveRecord(newsApi, [], { oem_id: oemId });

  const columns: ColumnsType<News> = [
    {
      title: t('news.title'),
      key: 'title',
      render: (_, item) => (
        <Space size={4} wrap>
          <Link to={`${LIST_PATH}/edit/${item.id}`} data-testid={`news-link-${item.id}`}>
            {item.title}
          </Link>
          {item.pinned && <Tag color="gold">{t('news.pinnedTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('news.audience'), key: 'audience', responsive: ['md'], render: (_, item) => audienceLabel(item) },
    { title: t('news.publishAt'), key: 'publish_at', render: (_, item) => formatDateTime(item.publish_at) },
    {
      title: t('news.status'),
      key: 'status',
      render: (_, item) => (
        <Tag color={item.status === 'scheduled' ? 'blue' : 'green'} data-testid={`news-status-${item.id}`}>
          {t(`news.statuses.${item.status}`)}
        </Tag>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, item) => (
        <RowActions
          id={item.id}
          name={item.title}
          editTo={`${LIST_PATH}/edit/${item.id}`}
          onDelete={() => removeNews(item.id, news.afterRemove)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <ResourceTable<News>
        params={news}
        list={news.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch value={filters.q} placeholder={t('news.searchPlaceholder')} onSearch={(q) => update({ q })} />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('news.status')}
              onChange={(status?: string) => update({ status })}
              options={NEWS_STATUSES.map((status) => ({ value: status, label: t(`news.statuses.${status}`) }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(item) => `news-row-${item.id}`}
        emptyText={news.filtered ? t('news.noMatch') : t('news.empty')}
        testId="news-table"
      />
    </>
  );
}
