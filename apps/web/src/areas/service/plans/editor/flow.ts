import {
  findBox,
  hasOptions,
  optionsOf,
  timingLabel,
  type OptionRef,
  type PlanAction,
  type PlanTiming,
  type TimingLabelLocale,
} from '@linq/contract';
import type { PlanSnapshot } from './diagram.ts';

/*
 * What the diagram draws, as plain data (the @xyflow/react components only render it): one node per
 * box that is neither removed nor hidden, one edge per live, shown timing, leaving the box from its
 * bottom or from the option the child hangs from, labelled with the timing in words.
 */

/** The handle a one-child box's arrow leaves from. */
export const BOX_HANDLE = 'box';
/** The handle every arrow enters a box by. */
export const TARGET_HANDLE = 'in';

/** The handle of an option: "option-{column}-{action}" ("n" for the column of confirm and quick reply). */
export function optionHandleId(ref: OptionRef): string {
  return `option-${ref.column ?? 'n'}-${ref.action}`;
}

export function parseOptionHandleId(id: string): OptionRef | null {
  const match = /^option-(n|\d+)-(\d+)$/.exec(id);
  if (!match) return null;
  return { column: match[1] === 'n' ? null : Number(match[1]), action: Number(match[2]) };
}

/** An option as its box shows it: the label, the handle and whether a child hangs from it. */
export interface BoxOption {
  ref: OptionRef;
  handle: string;
  label: string;
  childBoxId: string | null;
  hidesChildren: boolean;
}

export type BoxNodeData = {
  action: PlanAction;
  options: BoxOption[];
  /** Whether a child can be added below the box itself (a one-child type without a live child). */
  canAddChild: boolean;
  /** Whether any live child hangs below (the hide toggle is offered then). */
  hasChildren: boolean;
  selected: boolean;
  /** A save error names this box. */
  inError: boolean;
};

export interface DiagramNode {
  id: string;
  type: 'box';
  position: { x: number; y: number };
  width: number;
  data: BoxNodeData;
}

export type TimingEdgeData = { timing: PlanTiming; label: string; selected: boolean };

export interface DiagramEdge {
  id: string;
  type: 'timing';
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
  data: TimingEdgeData;
}

export interface DiagramSelection {
  selectedBoxId: string | null;
  /** The end box of the selected timing (a box has one timing into it). */
  selectedTimingEnd: string | null;
  errorBoxId: string | null;
}

const isShown = (action: PlanAction) => !action._destroy && !action.diagram_hide;

function liveChild(snapshot: PlanSnapshot, boxId: string | null): PlanAction | undefined {
  const child = findBox(snapshot.plan_actions, boxId);
  return child && !child._destroy ? child : undefined;
}

function boxOptions(snapshot: PlanSnapshot, action: PlanAction): BoxOption[] {
  return optionsOf(action.message).map(({ ref, action: option }) => ({
    ref,
    handle: optionHandleId(ref),
    label: option.label,
    childBoxId: liveChild(snapshot, option.box_id)?.box_id ?? null,
    hidesChildren: option.diagram_hide_children,
  }));
}

export function diagramNodes(snapshot: PlanSnapshot, selection: DiagramSelection): DiagramNode[] {
  return snapshot.plan_actions.filter(isShown).map((action) => {
    const options = boxOptions(snapshot, action);
    const ownChildren = snapshot.plan_actions.filter(
      (child) => child.parent_box_id === action.box_id && !child._destroy,
    );
    return {
      id: action.box_id,
      type: 'box',
      position: { x: action.x, y: action.y },
      width: action.box_width,
      data: {
        action,
        options,
        canAddChild: !hasOptions(action.message_type) && ownChildren.length === 0,
        hasChildren: ownChildren.length > 0,
        selected: selection.selectedBoxId === action.box_id,
        inError: selection.errorBoxId === action.box_id,
      },
    };
  });
}

/** The handle the arrow into `child` leaves `parent` by: the option naming it, else the box's own. */
function sourceHandleOf(parent: PlanAction, childBoxId: string): string {
  const option = optionsOf(parent.message).find((item) => item.action.box_id === childBoxId);
  return option ? optionHandleId(option.ref) : BOX_HANDLE;
}

export function diagramEdges(
  snapshot: PlanSnapshot,
  selection: DiagramSelection,
  locale: TimingLabelLocale,
): DiagramEdge[] {
  const shown = new Map(snapshot.plan_actions.filter(isShown).map((action) => [action.box_id, action]));
  return snapshot.plan_timings.flatMap((timing) => {
    const parent = shown.get(timing.start);
    if (timing._destroy || timing.diagram_hide || !parent || !shown.has(timing.end)) return [];
    return [
      {
        id: `timing-${timing.start}-${timing.end}`,
        type: 'timing' as const,
        source: timing.start,
        target: timing.end,
        sourceHandle: sourceHandleOf(parent, timing.end),
        targetHandle: TARGET_HANDLE,
        data: {
          timing,
          label: timingLabel(timing, locale),
          selected: selection.selectedTimingEnd === timing.end,
        },
      },
    ];
  });
}
