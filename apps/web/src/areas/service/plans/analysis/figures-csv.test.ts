import { describe, expect, it } from 'vitest';
import { defaultPlan, firstBox, type PlanAnalysisDetail } from '@linq/contract';
import { figuresCsv, figuresCsvName } from './figures-csv.ts';

const confirm = { ...firstBox('confirm'), message: { ...firstBox('confirm').message } };
confirm.message.message_confirm = { ...confirm.message.message_confirm!, text: 'ご来店されますか？' };
const detail: PlanAnalysisDetail = {
  plan: { ...defaultPlan('scenario'), id: 3, name: '分析' },
  plan_actions: [
    {
      ...confirm,
      figures: {
        sent: 4,
        failed: 1,
        waiting: 2,
        blocked: 1,
        clicks: 5,
        click_friends: 2,
        options: [
          { id: 11, box_id: 'box-1-0', label: 'はい, 行きます', taps: 3, tap_rate: 75, clicks: 0, click_friends: 0 },
          { id: 12, box_id: null, label: '=いいえ', taps: 0, tap_rate: 0, clicks: 5, click_friends: 2 },
        ],
      },
    },
    {
      ...confirm,
      box_id: 'box-1-0',
      message_type: 'text_message',
      message: { ...firstBox('text_message').message, text: 'ありがとうございます' },
      figures: { sent: 0, failed: 0, waiting: 0, blocked: 0, clicks: 0, click_friends: 0, options: [] },
    },
  ],
  plan_timings: [],
  profiles: [],
  friends: [],
};

describe('figures CSV', () => {
  it('writes a BOM, a header, a row per box and per option, CRLF, quoted and formula-safe cells', () => {
    const csv = figuresCsv(detail, {
      header: [
        'ボックス',
        '種類',
        '選択肢',
        '送信数',
        '失敗数',
        '待機中',
        'ブロック',
        'タップ数',
        'タップ率',
        'クリック数',
        'クリックした人数',
      ],
      typeName: (type) => (type === 'confirm' ? '確認' : 'テキスト'),
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'ボックス,種類,選択肢,送信数,失敗数,待機中,ブロック,タップ数,タップ率,クリック数,クリックした人数',
      'ご来店されますか？,確認,,4,1,2,1,,,5,2',
      'ご来店されますか？,確認,"はい, 行きます",,,,,3,75%,0,0',
      "ご来店されますか？,確認,'=いいえ,,,,,0,0%,5,2",
      'ありがとうございます,テキスト,,0,0,0,0,,,0,0',
      '',
    ]);
  });

  it('names the file after the plan and the day range', () => {
    expect(figuresCsvName(3, undefined, undefined)).toBe('plan-analysis-3.csv');
    expect(figuresCsvName(3, '2026-11-01', '2026-11-30')).toBe('plan-analysis-3-2026-11-01_2026-11-30.csv');
  });
});
