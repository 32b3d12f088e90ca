import { addStrings } from '../index.ts';

/** UI texts of the public pages: landing, tracked-link redirect, rich-menu, conversion and inflow route pages; the modules that show them import this file. */
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
  inflowPage: {
    opening: 'LINEを開いています…',
    notFoundTitle: 'このURLは開けません',
    notFoundHint: 'URLが見つからないか、使えなくなっています。お店や広告のURL・QRコードをご確認ください。',
    failedTitle: 'LINEを開けませんでした',
    done: {
      added: {
        title: '友だち追加ありがとうございます',
        hint: 'LINEのトークからお知らせをお届けします。このページは閉じてかまいません。',
      },
      not_added: {
        title: 'ログインしました',
        hint: '友だち追加はされていません。あとから追加する場合は、もう一度URLを開いてください。',
      },
      cancelled: { title: 'ログインを中止しました', hint: 'もう一度URLを開くと、やり直せます。' },
      failed: { title: '手続きを完了できませんでした', hint: '時間をおいて、もう一度URLを開いてください。' },
    },
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
  inflowPage: {
    opening: 'Opening LINE…',
    notFoundTitle: 'This URL cannot be opened',
    notFoundHint: 'The URL does not exist or no longer works. Please check the URL or QR code you used.',
    failedTitle: 'LINE could not be opened',
    done: {
      added: {
        title: 'Thank you for adding us as a friend',
        hint: 'We will send you news in LINE. You may close this page.',
      },
      not_added: {
        title: 'You are logged in',
        hint: 'You have not added us as a friend. To add us later, open the URL again.',
      },
      cancelled: { title: 'You cancelled the login', hint: 'Open the URL again to start over.' },
      failed: { title: 'This could not be completed', hint: 'Please open the URL again in a moment.' },
    },
  },
};

addStrings({ ja, en });

export type PublicStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    public: PublicStrings;
  }
}
