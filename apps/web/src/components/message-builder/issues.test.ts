import { emptyMessage, newColumn, type BuilderMessage } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { issueLocation } from './issue-location.ts';
import { hasIssuesWithin, issuesByPath, mergeIssues, serverIssues, valueAt } from './issues.ts';
import { sampleContext, tokenContext } from './preview-context.ts';

const carousel = (): BuilderMessage => ({ ...emptyMessage('carousel'), message_columns: [newColumn(2), newColumn(2)] });

describe('issues by field', () => {
  it('reads the value a path names', () => {
    const message = carousel();
    expect(valueAt(message, ['message_columns', 1, 'message_actions', 0, 'label'])).toBe('');
    expect(valueAt(message, ['message_columns', 5, 'title'])).toBeUndefined();
    expect(valueAt(message, ['text', 'length', 'x'])).toBeUndefined();
  });

  it('maps server errors to model paths and keeps unknown ones for the summary', () => {
    const message = carousel();
    const issues = serverIssues(
      {
        'message_attributes.message_columns_attributes.1.message_actions_attributes.0.label': {
          description: '長すぎます',
        },
        'template_attributes.name': { description: '名前を入力してください' },
      },
      message,
      message,
    );
    expect(issues).toEqual([
      { path: ['message_columns', 1, 'message_actions', 0, 'label'], message: '長すぎます' },
      { path: null, message: '名前を入力してください' },
    ]);
  });

  it('drops a server error once its field has been changed', () => {
    const submitted = carousel();
    const columns = submitted.message_columns ?? [];
    const edited: BuilderMessage = {
      ...submitted,
      message_columns: columns.map((column, index) => (index === 0 ? { ...column, title: '新しい' } : column)),
    };
    const errors = {
      'message_attributes.message_columns_attributes.0.title': { description: 'タイトルが不正です' },
      'message_attributes.message_columns_attributes.1.title': { description: 'タイトルが不正です' },
    };
    expect(serverIssues(errors, submitted, edited).map((issue) => issue.path)).toEqual([
      ['message_columns', 1, 'title'],
    ]);
    expect(serverIssues(undefined, submitted, edited)).toEqual([]);
  });

  it('groups messages by field without repeating one', () => {
    const issues = mergeIssues(
      [
        { path: ['text'], message: 'テキストを入力してください' },
        { path: ['message_columns', 0, 'title'], message: 'A' },
      ],
      [
        { path: ['text'], message: 'テキストを入力してください' },
        { path: ['text'], message: 'B' },
        { path: null, message: 'C' },
      ],
    );
    expect(issues).toHaveLength(4);
    const byPath = issuesByPath(issues);
    expect(byPath.get('text')).toEqual(['テキストを入力してください', 'B']);
    expect(byPath.get('message_columns.0.title')).toEqual(['A']);
    expect(hasIssuesWithin(issues, ['message_columns', 0])).toBe(true);
    expect(hasIssuesWithin(issues, ['message_columns', 1])).toBe(false);
    expect(hasIssuesWithin(issues, ['message_columns', 0, 'title'])).toBe(true);
  });
});

describe('issueLocation', () => {
  it('names the numbered items an issue sits in', () => {
    expect(issueLocation(['message_columns', 1, 'message_actions', 0, 'label'])).toEqual([
      { key: 'column', n: 2 },
      { key: 'button', n: 1 },
    ]);
    expect(issueLocation(['message_confirm', 'message_actions', 1, 'text'])).toEqual([{ key: 'answer', n: 2 }]);
    expect(issueLocation(['message_quick_reply', 'message_actions', 12, 'label'])).toEqual([
      { key: 'quickReply', n: 13 },
    ]);
    expect(issueLocation(['message_image_carousels', 0, 'link_urls', 3, 'axis_x'])).toEqual([
      { key: 'image', n: 1 },
      { key: 'area', n: 4 },
    ]);
    expect(issueLocation(['text'])).toEqual([]);
  });
});

describe('sampleContext', () => {
  it('shows info fields by name in 【】, and unknown ones by the given label', () => {
    const message = { ...emptyMessage('text_message'), text: '{{name}}さん {{info:3}} {{info:9}}' };
    const context = sampleContext(message, {
      friendName: 'LINE 太郎',
      infoFields: [{ id: 3, name: '誕生日' }],
      unknownField: (id) => `友だち情報${id}`,
    });
    expect(context).toEqual({ friendName: 'LINE 太郎', infoValues: { 3: '【誕生日】', 9: '【友だち情報9】' } });
  });

  it('stands a sample for each form link, in text and in a link’s address', () => {
    const message = { ...emptyMessage('text_message'), text: '回答はこちら {{form:4}}' };
    const context = sampleContext(message, {
      friendName: 'LINE 太郎',
      infoFields: [],
      unknownField: String,
      formLink: (id) => `【フォーム${id}】`,
    });
    expect(context.formLinks).toEqual({ 4: '【フォーム4】' });
  });
});

describe('tokenContext', () => {
  it('fills each variable with its own token', () => {
    const message = { ...emptyMessage('confirm'), alt_text: '{{name}} {{info:4}}' };
    expect(tokenContext(message)).toEqual({ friendName: '{{name}}', infoValues: { 4: '{{info:4}}' } });
  });
});
