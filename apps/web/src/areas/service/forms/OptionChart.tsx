import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerEcharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { theme } from 'antd';
import { useEffect, useRef } from 'react';

// Only the pieces this chart draws, so its chunk stays small.
registerEcharts([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** Rows a bar needs on screen. */
const BAR_HEIGHT = 32;

/** How many answers chose each option of a choice question, as horizontal bars (the counts are also in a table beside it). */
export function OptionChart({ options, label }: { options: { label: string; count: number }[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = init(element);
    // Top to bottom in the form's order.
    const rows = [...options].reverse();
    const option: Option = {
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
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [options, token.colorPrimary]);

  return (
    <div ref={box} role="img" aria-label={label} style={{ height: Math.max(120, options.length * BAR_HEIGHT + 32) }} />
  );
}
