import { describe, expect, it } from 'vitest';
import { answerErrorsOf, newSubmissionId } from './form-answer.ts';

describe('form answer helpers', () => {
  it('makes URL-safe submission ids the server accepts, new each time', () => {
    const id = newSubmissionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newSubmissionId()).not.toBe(id);
  });

  it('puts the server’s messages on the fields they name and keeps the rest', () => {
    expect(
      answerErrorsOf({
        'values.name': { description: '入力してください' },
        'values.address.city': { description: '市区町村を入力してください' },
        submission_id: { description: '送信IDが正しくありません' },
      }),
    ).toEqual({
      fields: { name: '入力してください', address: '市区町村を入力してください' },
      others: ['送信IDが正しくありません'],
    });
  });
});
