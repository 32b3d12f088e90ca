import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';

/** Rows a bar needs on screen. */
const BAR_HEIGHT = 32;

/** How many answers chose each option of a choice question, as horizontal bars (the counts are also in a table beside it). */
export function OptionChart({ options, label }: { options: { label: string; count: number }[]; label: string }) {
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(() => {
    // Top to bottom in the form's order.
    const rows = [...options].reverse();
    return {
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: rows.map((row) => row.label),
        axisLabel: { width: 160, overflow: 'truncate' },
      },
      series: [
        { type: 'bar', data: rows.map((row) => row.count), itemStyle: { color: token.colorPrimary }, barMaxWidth: 20 },
      ],
    };
  }, [options, token.colorPrimary]);
  return <EChart option={option} label={label} style={{ height: Math.max(120, options.length * BAR_HEIGHT + 32) }} />;
}
