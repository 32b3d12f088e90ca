import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { ChartOption } from './EChart.tsx';

// Only the pieces the console draws, so the chart chunk stays small. Canvas: axis texts stay out of the page text.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export interface EChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers (the figures themselves are beside it as text). */
  label: string;
  style?: CSSProperties;
  testId?: string;
}

/** An ECharts chart that follows its box's size and redraws when the option changes. */
export default function EChartCanvas({ option, label, style, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ height: 320, ...style }} data-testid={testId} />;
}
