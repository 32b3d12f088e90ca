import { formatPercent, type BoxFigures, type PlanAnalysisDetail, type TimingLabelLocale } from '@linq/contract';
import { Handle, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { DIAGRAM_VIEW, DiagramChrome } from '../editor/DiagramChrome.tsx';
import '@xyflow/react/dist/style.css';
import { Button, Tag, Tooltip } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxPreview } from '../editor/BoxPreview.tsx';
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

const NO_SELECTION = { selectedBoxId: null, selectedTimingEnd: null, errorBoxId: null };

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {label} <strong data-testid={testId}>{value}</strong>
    </span>
  );
}

/** One box, read-only: its figures (sent, failed, waiting: a click lists those friends), preview and options with taps. */
const FiguresNodeView = memo(function FiguresNodeView({ data }: NodeProps<FiguresNode>) {
  const { t } = useTranslation();
  const { action: action, options, figures } = data;
  const boxId = action.box_id;
  return (
    <div
      style={{
        width: action.box_width,
        minHeight: action.box_height,
        background: '#fff',
        border: '2px solid #d9d9d9',
        borderRadius: 8,
        fontSize: 12,
      }}
      data-testid={`analysis-box-${boxId}`}
    >
      <Handle type="target" position={Position.Top} id={TARGET_HANDLE} isConnectable={false} />
      <div
        style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 4px', borderBottom: '1px solid #f0f0f0' }}
      >
        <Tag style={{ marginInlineEnd: 0, fontSize: 10 }}>{t(`templates.types.${action.message_type}`)}</Tag>
        <span style={{ flex: 1, color: '#999', fontSize: 10 }}>{boxId}</span>
      </div>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 6,
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
      </div>
      <div style={{ padding: 4, maxHeight: 120, overflow: 'hidden' }}>
        <BoxPreview message={action.message} />
      </div>
      {options.map((option, index) => {
        const optionFigures = figures.options[index];
        const label = option.label || `#${index + 1}`;
        return (
          <div
            key={option.handle}
            style={{
              position: 'relative',
              display: 'flex',
              justifyContent: 'space-between',
              gap: 4,
              padding: '2px 6px',
              borderTop: '1px solid #f0f0f0',
            }}
            data-testid={`analysis-option-${boxId}-${option.handle}`}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
            <Tooltip title={`${t('planAnalysis.taps')} / ${t('planAnalysis.tapRate')}`}>
              <span style={{ whiteSpace: 'nowrap' }} data-testid={`option-figures-${boxId}-${option.handle}`}>
                {optionFigures?.taps ?? 0} ({formatPercent(optionFigures?.taps ?? 0, figures.sent)})
              </span>
            </Tooltip>
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

const nodeTypes = { figures: FiguresNodeView };

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
    return diagramNodes(detail, NO_SELECTION).map((node) => ({
      id: node.id,
      type: 'figures',
      position: node.position,
      width: node.width,
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
    (): Edge[] =>
      diagramEdges(detail, NO_SELECTION, locale).map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        sourceHandle: edge.sourceHandle,
        targetHandle: edge.targetHandle,
        type: 'smoothstep',
        label: edge.data.label,
      })),
    [detail, locale],
  );
  return (
    <div style={{ width: '100%', height: '100%' }} data-testid="analysis-diagram">
      <ReactFlow<FiguresNode, Edge>
        {...DIAGRAM_VIEW}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        nodesDraggable={false}
        elementsSelectable={false}
      >
        <DiagramChrome />
      </ReactFlow>
    </div>
  );
}
