import { taxedPrice } from '@linq/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/oem-plans.ts';

export const yen = (amount: number) => amount.toLocaleString('ja-JP');

/** A monthly price as a Japanese invoice shows it: 税抜, 消費税 10 %, 税込. */
export function PlanPrice({ priceExcludingTax }: { priceExcludingTax: number }) {
  const { t } = useTranslation();
  const price = taxedPrice(priceExcludingTax);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="plan-price"
      items={[
        {
          key: 'excluding',
          label: t('oemPlans.priceExcludingTax'),
          children: (
            <span data-testid="price-excluding">{t('oemPlans.yen', { amount: yen(price.excluding_tax) })}</span>
          ),
        },
        {
          key: 'tax',
          label: t('oemPlans.consumptionTax'),
          children: <span data-testid="price-tax">{t('oemPlans.yen', { amount: yen(price.tax) })}</span>,
        },
        {
          key: 'including',
          label: t('oemPlans.priceIncludingTax'),
          children: (
            <span data-testid="price-including">{t('oemPlans.yen', { amount: yen(price.including_tax) })}</span>
          ),
        },
      ]}
    />
  );
}
