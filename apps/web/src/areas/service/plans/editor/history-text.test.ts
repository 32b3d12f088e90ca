import type { PlanHistoryItem } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { historyText, type HistoryWords } from './history-text.ts';
import '../../../../app/i18n/parts/plans.ts';

const item = (kind: PlanHistoryItem['kind'], params: PlanHistoryItem['params']): PlanHistoryItem => ({
  id: 1,
  kind,
  params,
  affected_count: 0,
  user_name: null,
  created_at: '2026-11-27T00:00:00.000Z',
});
/** The plans area's own texts, in Japanese. */
const t = i18n.getFixedT('ja');
const words: HistoryWords = (key, values) => t(`plans.history.texts.${key}`, { defaultValue: '', ...values });

describe('plan history texts', () => {
  it('words a creation, a copy and saves from their counts', () => {
    expect(historyText(item('created', { boxes: 1, timings: 0 }), words)).toBe(
      '作成しました（ボックス1個、タイミング0個）',
    );
    expect(historyText(item('created', { boxes: 1, timings: 0, copied_from: '履歴' }), words)).toBe(
      '「履歴」のコピーとして作成しました（ボックス1個、タイミング0個）',
    );
    const saved = { boxes: 2, timings: 1, added_boxes: 1, removed_boxes: 0, timings_before: 0 };
    expect(historyText(item('saved', saved), words)).toBe(
      '保存しました：ボックスを1個追加、タイミング 0→1個（ボックス2個、タイミング1個）',
    );
    const unchanged = { boxes: 2, timings: 1, added_boxes: 0, removed_boxes: 0, timings_before: 1 };
    expect(historyText(item('saved', unchanged), words)).toBe('保存しました（ボックス2個、タイミング1個）');
  });

  it('words an activation by the friends it moved, and a staff stop by the friend’s name', () => {
    expect(historyText(item('activated', { friends: 0 }), words)).toBe('有効にしました');
    expect(historyText(item('activated', { friends: 2 }), words)).toBe('有効にしました（停止中の友だち2人を再開）');
    expect(historyText(item('enrolments_ended', { friend: '山田 花子' }), words)).toBe(
      '「山田 花子」さんの配信をスタッフが停止しました',
    );
  });

  it('shows an entry kept before facts were kept as its text', () => {
    expect(historyText(item('saved', { text: '保存しました（ボックス1個、タイミング0個）' }), words)).toBe(
      '保存しました（ボックス1個、タイミング0個）',
    );
  });
});
