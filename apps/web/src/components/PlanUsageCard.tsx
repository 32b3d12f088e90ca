import { PLAN_FEATURES, type AccountUsage } from '@linq/contract';
import { Alert, Card, Descriptions, Progress, Space, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneName } from './format.ts';
import '../app/i18n/parts/plan-usage.ts';

/**
 * An account's usage against its plan's limits, as bars (orange when near, red when full), and its
 * features on or off: the account home and the admin account detail show the same card.
 */
export function PlanUsageCard({ usage, style }: { usage: AccountUsage; style?: CSSProperties }) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      title={t('planUsage.title')}
      extra={t('planUsage.month', { month: usage.month, timeZone: timeZoneName(usage.time_zone, i18n.language) })}
      style={style}
      data-testid="account-usage"
    >
      {!usage.plan && <Alert type="info" showIcon title={t('planUsage.noPlan')} style={{ marginBottom: 16 }} />}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          ...usage.limits.map((figure) => ({
            key: figure.limit,
            label: t(`planUsage.limits.${figure.limit}`),
            children: (
              <div data-testid={`account-usage-${figure.limit}`}>
                {figure.max === null || figure.percent === null ? (
                  t('planUsage.unlimited', { used: figure.used.toLocaleString() })
                ) : (
                  <>
                    {t('planUsage.figure', { used: figure.used.toLocaleString(), max: figure.max.toLocaleString() })}
                    <Progress
                      percent={Math.min(figure.percent, 100)}
                      status={figure.percent >= 100 ? 'exception' : 'normal'}
                      strokeColor={figure.near && figure.percent < 100 ? '#fa8c16' : undefined}
                      size="small"
                    />
                  </>
                )}
              </div>
            ),
          })),
          {
            key: 'features',
            label: t('planUsage.features'),
            children: (
              <Space wrap>
                {PLAN_FEATURES.map((feature) => (
                  <Tag key={feature} color={usage.features[feature] ? 'green' : 'default'}>
                    {t(`planUsage.featureNames.${feature}`)}:{' '}
                    {usage.features[feature] ? t('planUsage.featureOn') : t('planUsage.featureOff')}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('planUsage.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
