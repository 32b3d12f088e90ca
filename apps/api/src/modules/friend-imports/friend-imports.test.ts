import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { detectPreset, presetMapping, tagOfColumn } from '@linq/contract';
import { DEMO_TAKEOVER_CSV } from '../../seed/demo-takeovers.ts';
import { detectEncoding, EncodingSniffer, readRecords } from './csv-source.ts';
import {
  headerIndex,
  noLineUserIdMessage,
  parseDateTime,
  readRow,
  BAD_DATE_MESSAGE,
  BAD_SCORE_MESSAGE,
} from './rows.ts';

const USER = `U${'a'.repeat(32)}`;

describe('encoding detection', () => {
  it('tells Shift_JIS (CP932) bytes, as Japanese Excel writes them', () => {
    const bytes = iconv.encode('表示名,タグ\r\n山田 太郎,見込み客\r\n', 'cp932');
    expect(detectEncoding(bytes)).toBe('shift_jis');
    expect(detectEncoding(readFileSync(DEMO_TAKEOVER_CSV))).toBe('shift_jis');
  });

  it('tells UTF-8 with and without a BOM', () => {
    const text = Buffer.from('表示名,タグ\r\n山田 太郎,見込み客\r\n', 'utf8');
    expect(detectEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]))).toBe('utf-8-bom');
    expect(detectEncoding(text)).toBe('utf-8');
  });

  it('reads the whole file: UTF-8 cut inside a character across chunks stays UTF-8, Shift_JIS after ASCII is found', () => {
    const utf8 = Buffer.from('id,名前\r\n1,山田\r\n', 'utf8');
    const sniffer = new EncodingSniffer();
    sniffer.push(utf8.subarray(0, 9));
    sniffer.push(utf8.subarray(9));
    expect(sniffer.encoding()).toBe('utf-8');
    const late = Buffer.concat([Buffer.from('id,name\r\n'.repeat(10_000)), iconv.encode('1,山田\r\n', 'cp932')]);
    expect(detectEncoding(late)).toBe('shift_jis');
  });

  it('decodes Shift_JIS records with quoted cells and line numbers', async () => {
    const bytes = iconv.encode('ID,表示名\r\n1,"山田, 太郎"\r\n\r\n2,佐藤\r\n', 'cp932');
    const records = [];
    for await (const record of readRecords(Readable.from([bytes]), 'shift_jis')) records.push(record);
    expect(records).toEqual([
      { line: 1, cells: ['ID', '表示名'] },
      { line: 2, cells: ['1', '山田, 太郎'] },
      { line: 4, cells: ['2', '佐藤'] },
    ]);
  });
});

describe('column presets', () => {
  it('maps a Lステップ export: its own ID, per-tag columns by prefix, marks, an info field', () => {
    const headers = [
      'ID',
      'LINEユーザーID',
      '表示名',
      '登録(友だち登録)日時',
      'ユーザーブロック',
      '対応マーク',
      'タグ:VIP',
      '会社名',
      '個別メモ',
    ];
    expect(detectPreset(headers)).toBe('lstep');
    expect(presetMapping('lstep', headers, [['1', USER, 'a', '', '0', '', '1', '山田商店', '']])).toEqual({
      preset: 'lstep',
      line_user_id: 'LINEユーザーID',
      tool_id: 'ID',
      display_name: '表示名',
      followed_at: '登録(友だち登録)日時',
      blocked: 'ユーザーブロック',
      score: null,
      tags_column: null,
      tag_delimiter: ',',
      tag_columns: ['タグ:VIP'],
      marks_column: '対応マーク',
      info_fields: [{ column: '会社名', name: '会社名' }],
    });
    expect(tagOfColumn('lstep', 'タグ:VIP')).toBe('VIP');
  });

  it('maps an エルメ export (one tag column) and takes yes/no columns as tags in any preset', () => {
    const headers = ['ユーザーID', 'LINE名', '友だち追加日時', 'タグ', '来店済み'];
    expect(detectPreset(headers)).toBe('lme');
    const mapping = presetMapping('lme', headers, [
      [USER, 'a', '', 'x,y', '○'],
      [USER, 'b', '', '', ''],
    ]);
    expect(mapping).toMatchObject({
      line_user_id: 'ユーザーID',
      display_name: 'LINE名',
      tags_column: 'タグ',
      tag_columns: ['来店済み'],
    });
  });

  it('maps a Liny export with its [タグ] columns', () => {
    const headers = ['ID', 'LINE名', '友だち登録日時', 'ブロック状態', '[タグ]セミナー参加'];
    expect(detectPreset(headers)).toBe('liny');
    expect(presetMapping('liny', headers)).toMatchObject({
      tool_id: 'ID',
      line_user_id: null,
      tag_columns: ['[タグ]セミナー参加'],
    });
  });
});

describe('row validation', () => {
  const headers = ['id', 'line_user_id', 'display_name', 'followed_at', 'blocked', 'score', 'tags'];
  const mapping = { ...presetMapping('generic', headers), tool_id: 'id' };
  const index = headerIndex(headers);
  const read = (cells: string[]) => readRow(mapping, index, cells, 'Asia/Tokyo');

  it('reads a valid row in the account’s time zone', () => {
    expect(read(['7', USER, '山田', '2024/4/1 9:05', 'ブロック', '12', '甲, 乙,,甲'])).toEqual({
      record: {
        lineUserId: USER,
        toolId: '7',
        displayName: '山田',
        followedAt: new Date('2024-04-01T00:05:00Z'),
        blocked: true,
        score: 12,
        tags: ['甲', '乙'],
        marks: [],
        info: [],
      },
    });
  });

  it('never guesses a friend without a LINE user id, and names each bad cell', () => {
    expect(read(['7', '', '山田', '', '', '', ''])).toMatchObject({ error: noLineUserIdMessage('7') });
    expect(read(['7', 'U123', '', '', '', '', ''])).toMatchObject({ error: expect.stringContaining('形式') });
    expect(read(['7', USER, '', '2024-02-30', '', '', ''])).toMatchObject({ error: BAD_DATE_MESSAGE });
    expect(read(['7', USER, '', '', '', '1.5', ''])).toMatchObject({ error: BAD_SCORE_MESSAGE });
  });

  it('reads ISO times with an offset and refuses impossible ones', () => {
    expect(parseDateTime('2024-04-01T10:00:00+09:00', 'UTC')).toEqual(new Date('2024-04-01T01:00:00Z'));
    expect(parseDateTime('2024-04-01 25:00', 'Asia/Tokyo')).toBeNull();
    expect(parseDateTime('昨日', 'Asia/Tokyo')).toBeNull();
  });
});
