import { addStrings } from '../index.ts';

/** UI texts of the public pages: landing, tracked-link redirect, rich-menu and conversion pages; the modules that show them import this file. */
const ja = {
  landing: {
    chooseLogin: 'ご利用の画面にログインしてください。',
  },
  redirect: {
    opening: 'リンクを開いています…',
    notFoundTitle: 'このリンクは開けません',
    notFoundHint: 'リンクが見つからないか、有効期限が切れています。届いたメッセージのリンクをご確認ください。',
    unavailableTitle: 'このリンクの移動先は開けません',
    unavailableHint: '移動先がWebページではありません。',
    failedTitle: 'リンクを開けませんでした',
    networkHint: 'サーバーに接続できません。通信環境を確認して、もう一度お試しください。',
    failedHint: '時間をおいて、もう一度お試しください。',
  },
  richMenuPage: {
    notFoundTitle: 'このページは開けません',
    notFoundHint: 'ページが見つかりません。リッチメニューをもう一度タップしてください。',
    failedTitle: 'ページを開けませんでした',
  },
  conversionPage: {
    recording: '読み込んでいます…',
    thanksTitle: 'ありがとうございました',
    thanksHint: '「{{name}}」を受け付けました。このページを閉じてLINEにお戻りください。',
    notFoundTitle: 'このページは開けません',
    notFoundHint: 'ページが見つかりません。お手元のリンクをご確認ください。',
    failedTitle: 'ページを開けませんでした',
  },
};

const en: typeof ja = {
  landing: {
    chooseLogin: 'Log in to your console.',
  },
  redirect: {
    opening: 'Opening the link…',
    notFoundTitle: 'This link cannot be opened',
    notFoundHint: 'The link does not exist or has expired. Please check the link in the message you received.',
    unavailableTitle: 'This link’s destination cannot be opened',
    unavailableHint: 'The destination is not a web page.',
    failedTitle: 'The link could not be opened',
    networkHint: 'Cannot reach the server. Check your connection and try again.',
    failedHint: 'Please try again in a moment.',
  },
  richMenuPage: {
    notFoundTitle: 'This page cannot be opened',
    notFoundHint: 'The page was not found. Please tap the rich menu again.',
    failedTitle: 'The page could not be opened',
  },
  conversionPage: {
    recording: 'Loading…',
    thanksTitle: 'Thank you',
    thanksHint: '“{{name}}” has been received. You can close this page and return to LINE.',
    notFoundTitle: 'This page cannot be opened',
    notFoundHint: 'The page was not found. Please check the link you followed.',
    failedTitle: 'The page could not be opened',
  },
};

addStrings({ ja, en });

export type PublicStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    public: PublicStrings;
  }
}
