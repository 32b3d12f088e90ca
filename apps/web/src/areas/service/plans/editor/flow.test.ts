import { describe, expect, it } from 'vitest';
import { addChildBox, hideChildren, removeBox, updateTiming } from './diagram.ts';
import { BOX_HANDLE, diagramEdges, diagramNodes, optionHandleId, parseOptionHandleId, TARGET_HANDLE } from './flow.ts';
import { historyShortcut } from './shortcuts.ts';
import { confirmBranches, textChain } from './test-support.ts';

const none = { selectedBoxId: null, selectedTimingEnd: null, errorBoxId: null };

describe('plan diagram drawing', () => {
  it('draws one node per live box at its x and y, with its width', () => {
    const nodes = diagramNodes(textChain(), none);
    expect(nodes.map((node) => [node.id, node.position, node.width])).toEqual([
      ['box-0', { x: 250, y: 50 }, 150],
      ['box-1-0', { x: 420, y: 250 }, 150],
      ['box-2-0', { x: 420, y: 450 }, 150],
    ]);
    expect(nodes[2]?.data.canAddChild).toBe(true);
    expect(nodes[0]?.data).toMatchObject({ canAddChild: false, hasChildren: true });
  });

  it('leaves out removed and hidden boxes and the arrows into them', () => {
    const removed = removeBox(textChain(), 'box-2-0');
    expect(diagramNodes(removed, none).map((node) => node.id)).toEqual(['box-0', 'box-1-0']);
    expect(diagramEdges(removed, none, 'ja').map((edge) => edge.target)).toEqual(['box-1-0']);
    const hidden = hideChildren(textChain(), 'box-0', true);
    expect(diagramNodes(hidden, none).map((node) => node.id)).toEqual(['box-0']);
    expect(diagramEdges(hidden, none, 'ja')).toEqual([]);
  });

  it('labels each arrow with its timing in words', () => {
    const timed = updateTiming(textChain(), 'box-2-0', {
      timing_type: 'send_after',
      after_days: 1,
      next_action_at: '10:00',
    });
    expect(diagramEdges(timed, none, 'ja').map((edge) => edge.data.label)).toEqual(['すぐに送信', '1日後 10:00']);
    expect(diagramEdges(timed, none, 'en').map((edge) => edge.data.label)[1]).toBe('1 day later at 10:00');
  });

  it('hangs the children of a confirm box from the handles of its options', () => {
    const snapshot = confirmBranches();
    const [first] = diagramNodes(snapshot, none);
    expect(first?.data.options.map((option) => [option.handle, option.childBoxId])).toEqual([
      ['option-n-0', 'box-1-0'],
      ['option-n-1', 'box-1-1'],
    ]);
    expect(first?.data.canAddChild).toBe(false);
    const edges = diagramEdges(snapshot, none, 'ja');
    expect(edges.map((edge) => [edge.source, edge.sourceHandle, edge.target, edge.targetHandle])).toEqual([
      ['box-0', 'option-n-0', 'box-1-0', TARGET_HANDLE],
      ['box-0', 'option-n-1', 'box-1-1', TARGET_HANDLE],
      ['box-1-0', BOX_HANDLE, 'box-2-0', TARGET_HANDLE],
    ]);
  });

  it('an option without a child offers its handle to add one', () => {
    const snapshot = removeBox(confirmBranches(), 'box-1-1');
    const [first] = diagramNodes(snapshot, none);
    expect(first?.data.options[1]?.childBoxId).toBeNull();
    const added = addChildBox(snapshot, { boxId: 'box-0', option: parseOptionHandleId('option-n-1') });
    expect(diagramNodes(added, none)[0]?.data.options[1]?.childBoxId).toBe('box-1-1');
  });

  it('marks the selected box, the selected arrow and the box in error', () => {
    const nodes = diagramNodes(textChain(), {
      selectedBoxId: 'box-1-0',
      selectedTimingEnd: null,
      errorBoxId: 'box-2-0',
    });
    expect(nodes.map((node) => [node.data.selected, node.data.inError])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    const edges = diagramEdges(textChain(), { ...none, selectedTimingEnd: 'box-2-0' }, 'ja');
    expect(edges.map((edge) => edge.data.selected)).toEqual([false, true]);
  });

  it('option handle ids round-trip', () => {
    expect(parseOptionHandleId(optionHandleId({ column: 2, action: 1 }))).toEqual({ column: 2, action: 1 });
    expect(parseOptionHandleId(optionHandleId({ column: null, action: 0 }))).toEqual({ column: null, action: 0 });
    expect(parseOptionHandleId(BOX_HANDLE)).toBeNull();
  });
});

describe('plan editor keyboard shortcuts', () => {
  const key = (key: string, changes: Partial<Parameters<typeof historyShortcut>[0]> = {}) =>
    historyShortcut({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...changes });

  it('Ctrl/Cmd+Z undoes; Shift+Ctrl/Cmd+Z and Ctrl+Y redo; other keys do nothing', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('s', { ctrlKey: true })).toBeNull();
  });
});
