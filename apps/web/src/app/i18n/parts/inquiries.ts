import { addStrings } from '../index.ts';

/** UI texts of the inquiry screen (form and sent list). */
const ja = {
  inquiries: {
    formTitle: '新しいお問い合わせ',
    category: '種類',
    categories: { usage: '使い方', trouble: '不具合', billing: '料金・契約', request: '機能のご要望', other: 'その他' },
    subject: '件名',
    body: '内容',
    attachments: '添付画像（JPEG・PNG、5枚まで）',
    attach: '画像を選ぶ',
    remove: '外す',
    send: '送信する',
    sent: 'お問い合わせを送信しました',
    required: '入力してください',
    tooLong: '{{max}}文字以内で入力してください',
    listTitle: '送信したお問い合わせ',
    empty: 'まだお問い合わせはありません',
    loadFailed: '一覧を読み込めませんでした',
    retry: '再読み込み',
    sentAt: '送信日時',
    status: '状態',
    statuses: { open: '受付済み', answered: '回答済み', closed: '完了' },
    attachmentCount: '添付 {{count}} 枚',
  },
};

const en: typeof ja = {
  inquiries: {
    formTitle: 'New inquiry',
    category: 'Category',
    categories: {
      usage: 'How to use',
      trouble: 'Problem',
      billing: 'Billing and contract',
      request: 'Feature request',
      other: 'Other',
    },
    subject: 'Subject',
    body: 'Message',
    attachments: 'Images (JPEG or PNG, up to 5)',
    attach: 'Choose an image',
    remove: 'Remove',
    send: 'Send',
    sent: 'Your inquiry was sent',
    required: 'Required',
    tooLong: 'At most {{max}} characters',
    listTitle: 'Your inquiries',
    empty: 'No inquiries yet',
    loadFailed: 'Could not load the list',
    retry: 'Reload',
    sentAt: 'Sent',
    status: 'Status',
    statuses: { open: 'Received', answered: 'Answered', closed: 'Closed' },
    attachmentCount: '{{count}} image(s)',
  },
};

addStrings({ ja, en });

export type InquiriesStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    inquiries: InquiriesStrings;
  }
}
