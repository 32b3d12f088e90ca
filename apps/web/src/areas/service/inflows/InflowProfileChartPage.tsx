import type { InflowProfileFacet } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { Link } from '../../../app/navigation.tsx';
import { EChart } from '../../../components/charts/EChart.tsx';
import { languageName } from '../../../components/format.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { facetChartOption } from './chart-options.ts';
import { DateRangeFilter } from './inflow-parts.tsx';
import { inflowChartPath, inflowPath } from './paths.ts';
import { inflowQuery, profileChartQuery, useDateRange } from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

const KNOWN_KINDS = ['language', 'info_field', 'tags', 'plans', 'form'] as const;
type KnownKind = (typeof KNOWN_KINDS)[number];
const isKnown = (kind: string): kind is KnownKind => (KNOWN_KINDS as readonly string[]).includes(kind);

function FacetCard({ facet }: { facet: InflowProfileFacet }) {
  const { t, i18n } = useTranslation();
  const kindName = isKnown(facet.kind) ? t(`inflows.profile.kinds.${facet.kind}`) : t('inflows.profile.other');
  // An info field or a form question carries the staff's own name; the other facets are named by kind.
  const title = facet.title ? `${kindName}: ${facet.title}` : kindName;
  const nameOf = (label: string | null) => {
    if (label === null) return t('inflows.profile.unset');
    return facet.kind === 'language' ? languageName(label, i18n.language) : label;
  };
  return (
    <Card size="small" title={title} data-testid={`inflow-facet-${facet.key}`}>
      {facet.buckets.length === 0 ? (
        <Empty description={t('inflows.profile.noValues')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <EChart
          option={facetChartOption(facet, nameOf)}
          label={title}
          style={{ height: Math.max(120, 32 * facet.buckets.length + 24) }}
        />
      )}
    </Card>
  );
}

/**
 * /service/inflows/{id}/Chart/ProfileChart: the route's friends (attributed in the range) by language,
 * info fields, tags, the plans they are in and form answers.
 */
export default function InflowProfileChartPage() {
  const { t } = useTranslation();
  const id = recordId(useParams().id) ?? 0;
  const channel = useSelectedChannelId();
  const range = useDateRange();
  const enabled = id > 0 && channel !== null;
  const route = useQuery({ ...inflowQuery(id, range.sent), enabled });
  const profile = useQuery({ ...profileChartQuery(id, range.sent), enabled });
  const data = profile.data?.data;
  const backTo = inflowPath(id);
  return (
    <>
      <PageHeader
        backTo={backTo}
        extra={
          <Link to={inflowChartPath(id, range.sent)} data-testid="inflow-chart-link">
            {t('inflows.chart')}
          </Link>
        }
      />
      <Card
        title={route.data?.data.name}
        extra={<DateRangeFilter range={range.shown} onChange={range.change} />}
        data-testid="inflow-profile-chart"
      >
        {data ? (
          <>
            <Typography.Paragraph data-testid="inflow-profile-count" data-count={data.friend_count}>
              {t('inflows.profile.friendCount', { count: data.friend_count })}
            </Typography.Paragraph>
            {data.friend_count === 0 ? (
              <Empty description={t('inflows.profile.empty')} data-testid="inflow-profile-empty" />
            ) : (
              <Row gutter={[16, 16]}>
                {data.facets.map((facet) => (
                  <Col key={facet.key} xs={24} lg={12}>
                    <FacetCard facet={facet} />
                  </Col>
                ))}
              </Row>
            )}
          </>
        ) : (
          <LoadState
            error={profile.error}
            invalidId={id === 0}
            backTo={backTo}
            onRetry={() => void profile.refetch()}
          />
        )}
      </Card>
    </>
  );
}
