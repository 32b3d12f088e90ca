import type { InflowChart, InflowStats } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { dailyChartOption, facetChartOption } from './chart-options.ts';

const totals: InflowStats = {
  visits: 5,
  friends_added: 2,
  blocks: 1,
  conversions: 0,
  cost: 0,
  cost_per_friend: null,
  cost_per_conversion: null,
};
const labels = { visits: '訪問', friendsAdded: '友だち追加', blocks: 'ブロック' };

describe('the daily inflow chart', () => {
  it('puts every day of the range on the axis, zero where the answer has no row', () => {
    const chart: InflowChart = {
      from: '2026-01-30',
      to: '2026-02-02',
      days: [
        { date: '2026-01-31', visits: 3, friends_added: 2, blocks: 0 },
        { date: '2026-02-02', visits: 2, friends_added: 0, blocks: 1 },
      ],
      totals,
    };
    const option = dailyChartOption(chart, labels);
    expect(option.xAxis).toMatchObject({ data: ['1/30', '1/31', '2/1', '2/2'] });
    const series = option.series as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['友だち追加', [0, 2, 0, 0]],
      ['ブロック', [0, 0, 0, 1]],
      ['訪問', [0, 3, 0, 2]],
    ]);
    expect(option.dataZoom).toEqual([]);
  });
});

describe('a profile facet chart', () => {
  it('orders the buckets largest on top and names the unset one', () => {
    const option = facetChartOption(
      {
        key: 'language',
        kind: 'language',
        title: null,
        buckets: [
          { label: 'en', count: 1 },
          { label: null, count: 2 },
          { label: 'ja', count: 5 },
        ],
      },
      (label) => label ?? '未設定',
    );
    expect(option.yAxis).toMatchObject({ data: ['en', '未設定', 'ja'] });
    expect((option.series as { data: number[] }[])[0]!.data).toEqual([1, 2, 5]);
  });
});
