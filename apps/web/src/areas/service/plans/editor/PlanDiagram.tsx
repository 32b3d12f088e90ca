import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { FIRST_BOX_ID, type TimingLabelLocale } from '@linq/contract';
import {
  BaseEdge,
  EdgeLabelRenderer,
  getSmoothStepPath,
  Handle,
  NodeResizer,
  Position,
  ReactFlow,
  applyNodeChanges,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeChange,
  type NodeProps,
  type ReactFlowInstance,
} from '@xyflow/react';
import { DIAGRAM_VIEW, DiagramChrome, FIT_VIEW } from './DiagramChrome.tsx';
import '@xyflow/react/dist/style.css';
import { Button, Tag, Tooltip } from 'antd';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxPreview } from './BoxPreview.tsx';
import { addChildBox, hideChildren, moveBox, removeBox, resizeBox } from './diagram.ts';
import {
  BOX_HANDLE,
  diagramEdges,
  diagramNodes,
  TARGET_HANDLE,
  type BoxNodeData,
  type BoxOption,
  type TimingEdgeData,
} from './flow.ts';
import { usePlanEditor } from './store.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/templates.ts';

type BoxNode = Node<BoxNodeData, 'box'>;
type TimingEdge = Edge<TimingEdgeData, 'timing'>;

const ERROR_COLOUR = '#ff4d4f';
const SELECTED_COLOUR = '#1677ff';
const MIN_BOX_WIDTH = 120;
const MIN_BOX_HEIGHT = 80;

function OptionRow({ boxId, option, index }: { boxId: string; option: BoxOption; index: number }) {
  const { t } = useTranslation();
  const apply = usePlanEditor((store) => store.apply);
  const label = option.label || `#${index + 1}`;
  return (
    <div
      style={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 4,
        padding: '2px 6px',
        borderTop: '1px solid #f0f0f0',
        fontSize: 12,
      }}
      data-testid={`box-option-${boxId}-${option.handle}`}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
      {option.childBoxId === null ? (
        <Tooltip title={t('plans.editor.addOptionChild', { label })}>
          <Button
            size="small"
            type="text"
            className="nodrag"
            icon={<PlusOutlined />}
            aria-label={t('plans.editor.addOptionChild', { label })}
            onClick={(event) => {
              event.stopPropagation();
              apply((snapshot) => addChildBox(snapshot, { boxId, option: option.ref }));
            }}
            data-testid={`box-add-${boxId}-${option.handle}`}
          />
        </Tooltip>
      ) : (
        <Button
          size="small"
          type="text"
          className="nodrag"
          icon={option.hidesChildren ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          aria-label={option.hidesChildren ? t('plans.editor.showChildren') : t('plans.editor.hideChildren')}
          onClick={(event) => {
            event.stopPropagation();
            apply((snapshot) => hideChildren(snapshot, boxId, !option.hidesChildren, option.ref));
          }}
        />
      )}
      <Handle type="source" position={Position.Right} id={option.handle} isConnectable={false} />
    </div>
  );
}

/** One box: its type, a small LINE preview, its options (the handles its children hang from) and its tools. */
const BoxNodeView = memo(function BoxNodeView({ data }: NodeProps<BoxNode>) {
  const { t } = useTranslation();
  const apply = usePlanEditor((store) => store.apply);
  const { action, options } = data;
  const boxId = action.box_id;
  const border = data.inError ? ERROR_COLOUR : data.selected ? SELECTED_COLOUR : '#d9d9d9';
  return (
    <div
      style={{
        width: action.box_width,
        minHeight: action.box_height,
        background: '#fff',
        border: `2px solid ${border}`,
        borderRadius: 8,
        boxShadow: data.inError ? `0 0 0 3px ${ERROR_COLOUR}33` : undefined,
        fontSize: 12,
      }}
      data-testid={`plan-box-${boxId}`}
      data-error={data.inError ? 'true' : undefined}
      data-selected={data.selected ? 'true' : undefined}
    >
      {/* Resizing shifts the later boxes of the level, keeping 100 units of spacing (one history step). */}
      <NodeResizer
        isVisible={data.selected}
        minWidth={MIN_BOX_WIDTH}
        minHeight={MIN_BOX_HEIGHT}
        onResizeEnd={(_, size) =>
          apply((snapshot) =>
            resizeBox(snapshot, boxId, { width: Math.round(size.width), height: Math.round(size.height) }),
          )
        }
      />
      <Handle type="target" position={Position.Top} id={TARGET_HANDLE} isConnectable={false} />
      <div
        style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 4px', borderBottom: '1px solid #f0f0f0' }}
      >
        <Tag style={{ marginInlineEnd: 0, fontSize: 12 }} data-testid="box-type">
          {t(`templates.types.${action.message_type}`)}
        </Tag>
        {/* The box is known by its message (the preview below), never by its internal id. */}
        <span style={{ flex: 1 }} />
        {data.hasChildren && (
          <Button
            size="small"
            type="text"
            className="nodrag"
            icon={action.diagram_hide_children ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            aria-label={action.diagram_hide_children ? t('plans.editor.showChildren') : t('plans.editor.hideChildren')}
            onClick={(event) => {
              event.stopPropagation();
              apply((snapshot) => hideChildren(snapshot, boxId, !action.diagram_hide_children));
            }}
            data-testid={`box-hide-${boxId}`}
          />
        )}
        {boxId !== FIRST_BOX_ID && (
          <Button
            size="small"
            type="text"
            danger
            className="nodrag"
            icon={<DeleteOutlined />}
            aria-label={t('plans.editor.remove')}
            onClick={(event) => {
              event.stopPropagation();
              apply((snapshot) => removeBox(snapshot, boxId));
            }}
            data-testid={`box-remove-${boxId}`}
          />
        )}
      </div>
      <div style={{ padding: 4, maxHeight: 160, overflow: 'hidden' }}>
        <BoxPreview message={action.message} />
      </div>
      {options.map((option, index) => (
        <OptionRow key={option.handle} boxId={boxId} option={option} index={index} />
      ))}
      {options.length === 0 && (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 2, borderTop: '1px solid #f0f0f0' }}>
          {data.canAddChild && (
            <Tooltip title={t('plans.editor.addChild')}>
              <Button
                size="small"
                type="text"
                className="nodrag"
                icon={<PlusOutlined />}
                aria-label={t('plans.editor.addChild')}
                onClick={(event) => {
                  event.stopPropagation();
                  apply((snapshot) => addChildBox(snapshot, { boxId, option: null }));
                }}
                data-testid={`box-add-${boxId}`}
              />
            </Tooltip>
          )}
          <Handle type="source" position={Position.Bottom} id={BOX_HANDLE} isConnectable={false} />
        </div>
      )}
    </div>
  );
});

/** A timing arrow with its timing in words; clicking the label edits it. */
function TimingEdgeView(props: EdgeProps<TimingEdge>) {
  const select = usePlanEditor((store) => store.select);
  const [path, labelX, labelY] = getSmoothStepPath(props);
  const data = props.data;
  if (!data) return null;
  const selected = data.selected;
  return (
    <>
      <BaseEdge
        id={props.id}
        path={path}
        markerEnd={props.markerEnd}
        style={{ stroke: selected ? SELECTED_COLOUR : '#8c8c8c', strokeWidth: selected ? 2 : 1.5 }}
      />
      <EdgeLabelRenderer>
        <button
          type="button"
          className="nodrag nopan"
          onClick={() => select({ kind: 'timing', end: data.timing.end })}
          style={{
            position: 'absolute',
            transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
            pointerEvents: 'all',
            fontSize: 12,
            padding: '1px 6px',
            borderRadius: 10,
            border: `1px solid ${selected ? SELECTED_COLOUR : '#d9d9d9'}`,
            background: selected ? '#e6f4ff' : '#fff',
            cursor: 'pointer',
          }}
          data-testid={`timing-label-${data.timing.end}`}
        >
          {data.label}
        </button>
      </EdgeLabelRenderer>
    </>
  );
}

const nodeTypes = { box: BoxNodeView };
const edgeTypes = { timing: TimingEdgeView };

/**
 * The plan's diagram (pan, zoom, fit, minimap): boxes joined by timing arrows. Clicking a box edits
 * its message in the side panel; clicking an arrow's label edits its timing; dragging a box moves it
 * (one history step when it is dropped).
 */
export function PlanDiagram() {
  const { i18n } = useTranslation();
  const locale: TimingLabelLocale = i18n.language === 'en' ? 'en' : 'ja';
  const snapshot = usePlanEditor((store) => store.editor.present);
  const selection = usePlanEditor((store) => store.selection);
  const errorBoxId = usePlanEditor((store) => store.errorBoxId);
  const apply = usePlanEditor((store) => store.apply);
  const select = usePlanEditor((store) => store.select);
  const diagramSelection = useMemo(
    () => ({
      selectedBoxId: selection.kind === 'box' ? selection.boxId : null,
      selectedTimingEnd: selection.kind === 'timing' ? selection.end : null,
      errorBoxId,
    }),
    [selection, errorBoxId],
  );
  const derivedNodes = useMemo(
    () => diagramNodes(snapshot, diagramSelection) as BoxNode[],
    [snapshot, diagramSelection],
  );
  const edges = useMemo(
    () => diagramEdges(snapshot, diagramSelection, locale) as TimingEdge[],
    [snapshot, diagramSelection, locale],
  );
  // The nodes as drawn: the plan's, plus a drag in progress (committed to the plan when dropped).
  const [nodes, setNodes] = useState<BoxNode[]>(derivedNodes);
  useEffect(() => setNodes(derivedNodes), [derivedNodes]);
  // A box added, removed, shown or hidden: the whole tree is brought into view again.
  const [flow, setFlow] = useState<ReactFlowInstance<BoxNode, TimingEdge> | null>(null);
  const shownBoxes = derivedNodes.map((node) => node.id).join(' ');
  useEffect(() => {
    if (flow) void flow.fitView(FIT_VIEW);
  }, [flow, shownBoxes]);

  return (
    <div style={{ width: '100%', height: '100%' }} data-testid="plan-diagram">
      <ReactFlow<BoxNode, TimingEdge>
        {...DIAGRAM_VIEW}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={(changes: NodeChange<BoxNode>[]) =>
          setNodes((current) =>
            applyNodeChanges(
              changes.filter((change) => change.type !== 'remove'),
              current,
            ),
          )
        }
        onNodeDragStop={(_, node) => apply((current) => moveBox(current, node.id, node.position))}
        onNodeClick={(_, node) => select({ kind: 'box', boxId: node.id })}
        onEdgeClick={(_, edge) => select({ kind: 'timing', end: edge.target })}
        onPaneClick={() => select({ kind: 'settings' })}
        onInit={setFlow}
      >
        <DiagramChrome />
      </ReactFlow>
    </div>
  );
}
