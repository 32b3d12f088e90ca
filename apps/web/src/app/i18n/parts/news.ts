import { addStrings } from '../index.ts';

/** UI texts of news (お知らせ): the admin area's screens and the readers' card and dialog. */
const ja = {
  news: {
    title: 'タイトル',
    body: '本文',
    bodyHint: 'Markdown（見出し、太字、リンク、箇条書き）で書けます。',
    preview: 'プレビュー',
    audience: '配信先',
    audiences: {
      all: 'すべてのアカウント',
      oem: 'OEMを指定',
      agency: '代理店を指定',
    },
    everyOem: 'すべてのOEMのアカウント',
    ownOem: 'このOEMのアカウント',
    audienceOem: 'OEM',
    audienceAgency: '代理店',
    chooseOem: 'OEMを選択',
    chooseAgency: '代理店を選択',
    publishAt: '公開日時',
    publishAtHint: '未来の日時にすると予約公開になります。',
    publishAtRequired: '公開日時を入力してください',
    pinned: '上部に固定',
    pinnedTag: '固定',
    status: '状態',
    statuses: { published: '公開中', scheduled: '予約' },
    searchPlaceholder: 'タイトルで検索',
    empty: 'お知らせはまだありません',
    noMatch: '条件に一致するお知らせはありません',
    unread: '未読',
    unreadCount: '未読 {{count}}件',
    noNews: 'お知らせはありません',
    close: '閉じる',
  },
};

const en: typeof ja = {
  news: {
    title: 'Title',
    body: 'Body',
    bodyHint: 'Markdown (headings, bold, links, lists) is supported.',
    preview: 'Preview',
    audience: 'Audience',
    audiences: {
      all: 'All accounts',
      oem: 'One OEM',
      agency: 'One agency',
    },
    everyOem: 'Accounts of every OEM',
    ownOem: 'Accounts of this OEM',
    audienceOem: 'OEM',
    audienceAgency: 'Agency',
    chooseOem: 'Choose an OEM',
    chooseAgency: 'Choose an agency',
    publishAt: 'Publish at',
    publishAtHint: 'A time in the future schedules the notice.',
    publishAtRequired: 'Enter the publish time',
    pinned: 'Pin to top',
    pinnedTag: 'Pinned',
    status: 'Status',
    statuses: { published: 'Published', scheduled: 'Scheduled' },
    searchPlaceholder: 'Search by title',
    empty: 'No news yet',
    noMatch: 'No news matches',
    unread: 'Unread',
    unreadCount: '{{count}} unread',
    noNews: 'No news',
    close: 'Close',
  },
};

addStrings({ ja, en });

export type NewsStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    news: NewsStrings;
  }
}
