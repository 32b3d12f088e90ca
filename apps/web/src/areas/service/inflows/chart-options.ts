import type { InflowChart, InflowProfileFacet } from '@linq/contract';
import type { ChartOption } from '../../../components/charts/EChart.tsx';
import { daysOf } from './date-range.ts';

/** The series' names, in the UI language. */
export interface DailyLabels {
  visits: string;
  friendsAdded: string;
  blocks: string;
}

const COLORS = { visits: '#8c8c8c', friendsAdded: '#06c755', blocks: '#ff4d4f' };

/**
 * Visits (line), friends added and blocks (bars) per day of the range: every day on the axis, a day
 * the answer has no row for counts zero. Axis dates read M/D.
 */
export function dailyChartOption(chart: InflowChart, labels: DailyLabels): ChartOption {
  const byDate = new Map(chart.days.map((day) => [day.date, day]));
  const days = daysOf({ from: chart.from, to: chart.to });
  const series = (pick: (day: InflowChart['days'][number]) => number) =>
    days.map((date) => {
      const day = byDate.get(date);
      return day ? pick(day) : 0;
    });
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.friendsAdded, labels.blocks, labels.visits], bottom: 0 },
    grid: { left: 48, right: 48, top: 24, bottom: 64 },
    xAxis: {
      type: 'category',
      data: days.map((date) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`),
    },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    dataZoom: days.length > 62 ? [{ type: 'slider', bottom: 28, height: 16 }] : [],
    series: [
      { name: labels.friendsAdded, type: 'bar', data: series((d) => d.friends_added), color: COLORS.friendsAdded },
      { name: labels.blocks, type: 'bar', data: series((d) => d.blocks), color: COLORS.blocks },
      {
        name: labels.visits,
        type: 'line',
        yAxisIndex: 1,
        data: series((d) => d.visits),
        color: COLORS.visits,
        smooth: true,
      },
    ],
  };
}

/** One facet as horizontal bars, the largest on top; `nameOf` words a bucket (null: friends without a value). */
export function facetChartOption(facet: InflowProfileFacet, nameOf: (label: string | null) => string): ChartOption {
  const buckets = [...facet.buckets].sort((a, b) => b.count - a.count);
  // Bars draw from the bottom: reverse so the largest sits on top.
  const shown = buckets.reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: shown.map((bucket) => nameOf(bucket.label)),
      axisLabel: { width: 160, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        data: shown.map((bucket) => bucket.count),
        color: '#06c755',
        label: { show: true, position: 'right' },
      },
    ],
  };
}
