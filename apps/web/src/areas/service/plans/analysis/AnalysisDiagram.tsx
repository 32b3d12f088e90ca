import {
  formatPercent,
  optionsOf,
  PLAN_LAYOUT,
  type BoxFigures,
  type PlanAnalysisDetail,
  type TimingLabelLocale,
} from '@linq/contract';
import {
  BaseEdge,
  EdgeLabelRenderer,
  getSmoothStepPath,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import { DIAGRAM_VIEW, DiagramChrome } from '../editor/DiagramChrome.tsx';
import '@xyflow/react/dist/style.css';
import { Button, Tag, Tooltip } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxPreview } from '../editor/BoxPreview.tsx';
import { boxName } from '../editor/box-name.ts';
import { BOX_HANDLE, diagramEdges, diagramNodes, TARGET_HANDLE, type BoxOption } from '../editor/flow.ts';
import type { PlanSnapshot } from '../editor/diagram.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/plan-analysis.ts';
import '../../../../app/i18n/parts/templates.ts';

type FiguresNodeData = {
  action: PlanSnapshot['plan_actions'][number];
  options: BoxOption[];
  figures: BoxFigures;
  onWaiting: (boxId: string) => void;
};
type FiguresNode = Node<FiguresNodeData, 'figures'>;
type LabelEdge = Edge<{ label: string }, 'timing'>;

/*
 * An analysis box is taller than the editor's (its figures row, a fixed preview and its option
 * rows), so the levels are laid out again from these heights: each level starts below the tallest
 * box of the one above, and no box covers its child or the timing label between them.
 */
const HEADER_HEIGHT = 30;
const FIGURES_HEIGHT = 64;
const PREVIEW_HEIGHT = 110;
const OPTION_HEIGHT = 26;
const LEVEL_GAP = 90;
/** Wide enough for the figures on three lines. */
const MIN_WIDTH = 180;

const heightOf = (options: number) => HEADER_HEIGHT + FIGURES_HEIGHT + PREVIEW_HEIGHT + options * OPTION_HEIGHT + 8;

const NO_SELECTION = { selectedBoxId: null, selectedTimingEnd: null, errorBoxId: null };

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {label} <strong data-testid={testId}>{value}</strong>
    </span>
  );
}

/**
 * One box, read-only: its figures (sent, failed, waiting: a click lists those friends; its links'
 * openings and the friends who opened them), preview and options with taps, or openings for a link.
 */
const FiguresNodeView = memo(function FiguresNodeView({ data }: NodeProps<FiguresNode>) {
  const { t } = useTranslation();
  const { action: action, options, figures } = data;
  // A web link option is opened, not tapped: it shows its openings instead.
  const links = optionsOf(action.message).map(({ action: option }) => option.action_type === 'uri');
  const boxId = action.box_id;
  return (
    <div
      style={{
        width: Math.max(action.box_width, MIN_WIDTH),
        height: heightOf(options.length),
        overflow: 'hidden',
        background: '#fff',
        border: '2px solid #d9d9d9',
        borderRadius: 8,
        fontSize: 12,
      }}
      data-testid={`analysis-box-${boxId}`}
    >
      <Handle type="target" position={Position.Top} id={TARGET_HANDLE} isConnectable={false} />
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          height: HEADER_HEIGHT,
          padding: '2px 4px',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Tag style={{ marginInlineEnd: 0, fontSize: 12 }}>{t(`templates.types.${action.message_type}`)}</Tag>
        <span
          style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-testid={`analysis-box-name-${boxId}`}
        >
          {boxName(action.message, t(`templates.types.${action.message_type}`))}
        </span>
      </div>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignContent: 'center',
          alignItems: 'center',
          columnGap: 8,
          height: FIGURES_HEIGHT,
          padding: '2px 6px',
          background: '#fafafa',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Figure label={t('planAnalysis.sent')} value={figures.sent} testId={`figure-sent-${boxId}`} />
        <Figure label={t('planAnalysis.failed')} value={figures.failed} testId={`figure-failed-${boxId}`} />
        <Button
          size="small"
          type="link"
          className="nodrag"
          style={{ padding: 0, height: 'auto', fontSize: 12 }}
          onClick={(event) => {
            event.stopPropagation();
            data.onWaiting(boxId);
          }}
          data-testid={`figure-waiting-${boxId}`}
        >
          {t('planAnalysis.waiting')} <strong>{figures.waiting}</strong>
        </Button>
        <Figure label={t('planAnalysis.blocked')} value={figures.blocked} testId={`figure-blocked-${boxId}`} />
        <Tooltip title={`${t('planAnalysis.clicks')} / ${t('planAnalysis.clickFriends')}`}>
          <span style={{ whiteSpace: 'nowrap' }} data-testid={`figure-clicks-${boxId}`}>
            {t('planAnalysis.clicks')} <strong>{figures.clicks}</strong> (
            {t('planAnalysis.people', { count: figures.click_friends })})
          </span>
        </Tooltip>
      </div>
      <div style={{ padding: 4, height: PREVIEW_HEIGHT, overflow: 'hidden' }}>
        <BoxPreview message={action.message} />
      </div>
      {options.map((option, index) => {
        const optionFigures = figures.options[index];
        const label = option.label || `#${index + 1}`;
        const isLink = links[index] ?? false;
        return (
          <div
            key={option.handle}
            style={{
              position: 'relative',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 4,
              height: OPTION_HEIGHT,
              padding: '2px 6px',
              borderTop: '1px solid #f0f0f0',
            }}
            data-testid={`analysis-option-${boxId}-${option.handle}`}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
            {isLink ? (
              <Tooltip title={`${t('planAnalysis.clicks')} / ${t('planAnalysis.clickFriends')}`}>
                <span style={{ whiteSpace: 'nowrap' }} data-testid={`option-figures-${boxId}-${option.handle}`}>
                  {optionFigures?.clicks ?? 0} ({t('planAnalysis.people', { count: optionFigures?.click_friends ?? 0 })}
                  )
                </span>
              </Tooltip>
            ) : (
              <Tooltip title={`${t('planAnalysis.taps')} / ${t('planAnalysis.tapRate')}`}>
                <span style={{ whiteSpace: 'nowrap' }} data-testid={`option-figures-${boxId}-${option.handle}`}>
                  {optionFigures?.taps ?? 0} ({formatPercent(optionFigures?.taps ?? 0, figures.sent)})
                </span>
              </Tooltip>
            )}
            <Handle type="source" position={Position.Right} id={option.handle} isConnectable={false} />
          </div>
        );
      })}
      {options.length === 0 && (
        <Handle type="source" position={Position.Bottom} id={BOX_HANDLE} isConnectable={false} />
      )}
    </div>
  );
});

/** A timing arrow with its timing in words, drawn above the boxes so no box hides it. */
function TimingLabelEdge(props: EdgeProps<LabelEdge>) {
  const [path, labelX, labelY] = getSmoothStepPath(props);
  return (
    <>
      <BaseEdge id={props.id} path={path} markerEnd={props.markerEnd} style={{ stroke: '#8c8c8c', strokeWidth: 1.5 }} />
      {props.data?.label && (
        <EdgeLabelRenderer>
          <span
            style={{
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
              fontSize: 12,
              padding: '1px 6px',
              borderRadius: 10,
              border: '1px solid #d9d9d9',
              background: '#fff',
              whiteSpace: 'nowrap',
            }}
            data-testid={`analysis-timing-${props.target}`}
          >
            {props.data.label}
          </span>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const nodeTypes = { figures: FiguresNodeView };
const edgeTypes = { timing: TimingLabelEdge };

/** Each level's y: below the tallest box of the level above, with room for the arrows' labels. */
function levelTops(detail: PlanAnalysisDetail): Map<number, number> {
  const tallest = new Map<number, number>();
  for (const action of detail.plan_actions) {
    const height = heightOf(optionsOf(action.message).length);
    tallest.set(action.box_level, Math.max(tallest.get(action.box_level) ?? 0, height));
  }
  const tops = new Map<number, number>();
  let y = PLAN_LAYOUT.firstBox.y;
  for (const level of [...tallest.keys()].sort((a, b) => a - b)) {
    tops.set(level, y);
    y += tallest.get(level)! + LEVEL_GAP;
  }
  return tops;
}

/** The editor's diagram of the plan, read-only, with each box's and option's figures. */
export function AnalysisDiagram({
  detail,
  onWaiting,
}: {
  detail: PlanAnalysisDetail;
  onWaiting: (boxId: string) => void;
}) {
  const { i18n } = useTranslation();
  const locale: TimingLabelLocale = i18n.language === 'en' ? 'en' : 'ja';
  const nodes = useMemo((): FiguresNode[] => {
    const figuresOf = new Map(detail.plan_actions.map((action) => [action.box_id, action.figures]));
    const tops = levelTops(detail);
    return diagramNodes(detail, NO_SELECTION).map((node) => ({
      id: node.id,
      type: 'figures',
      position: { x: node.position.x, y: tops.get(node.data.action.box_level) ?? node.position.y },
      // Known sizes: the minimap draws the boxes before they are measured.
      width: Math.max(node.data.action.box_width, MIN_WIDTH),
      height: heightOf(node.data.options.length),
      // Neither draggable nor selectable, a node takes no pointer events; its waiting count is a button.
      style: { pointerEvents: 'all' as const },
      data: {
        action: node.data.action,
        options: node.data.options,
        figures: figuresOf.get(node.id)!,
        onWaiting,
      },
    }));
  }, [detail, onWaiting]);
  const edges = useMemo(
    (): LabelEdge[] =>
      diagramEdges(detail, NO_SELECTION, locale).map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        sourceHandle: edge.sourceHandle,
        targetHandle: edge.targetHandle,
        type: 'timing',
        data: { label: edge.data.label },
      })),
    [detail, locale],
  );
  return (
    <div style={{ width: '100%', height: '100%' }} data-testid="analysis-diagram">
      <ReactFlow<FiguresNode, LabelEdge>
        {...DIAGRAM_VIEW}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        nodesDraggable={false}
        elementsSelectable={false}
      >
        <DiagramChrome />
      </ReactFlow>
    </div>
  );
}
