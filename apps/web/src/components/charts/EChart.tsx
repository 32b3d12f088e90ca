import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { lazy, Suspense } from 'react';
import type { EChartProps } from './EChartCanvas.tsx';

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
>;

/** echarts is most of a chart page's code: it loads after the page has shown its heading and figures. */
const EChartCanvas = lazy(() => import('./EChartCanvas.tsx'));

/** An ECharts chart; until its code has loaded, an empty box of its size holds its place. */
export function EChart(props: EChartProps) {
  return (
    <Suspense fallback={<div style={{ height: 320, ...props.style }} />}>
      <EChartCanvas {...props} />
    </Suspense>
  );
}
