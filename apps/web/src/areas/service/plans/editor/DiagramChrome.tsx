import { Background, Controls, MiniMap } from '@xyflow/react';

/** How a plan diagram fits the plan in view (the editor's fit button too). */
export const FIT_VIEW = { maxZoom: 1, padding: 0.1 };

/** How every plan diagram (the editor's and the analysis's) opens and zooms. */
export const DIAGRAM_VIEW = {
  fitView: true,
  fitViewOptions: FIT_VIEW,
  minZoom: 0.2,
  maxZoom: 2,
  proOptions: { hideAttribution: true },
  nodesConnectable: false,
  deleteKeyCode: null,
} as const;

/** The background, zoom controls and minimap of a plan diagram. */
export function DiagramChrome() {
  return (
    <>
      <Background />
      <Controls showInteractive={false} />
      {/* Top right: the tree grows down and to the right from box-0, so that corner stays clear. */}
      {/* Boxes in the console's blue: the default light grey barely shows on the white map. */}
      <MiniMap
        pannable
        zoomable
        position="top-right"
        style={{ width: 120, height: 90 }}
        nodeColor="#bae0ff"
        nodeStrokeColor="#1677ff"
        nodeStrokeWidth={2}
        nodeBorderRadius={4}
      />
    </>
  );
}
