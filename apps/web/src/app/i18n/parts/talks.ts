import { addStrings } from '../index.ts';

/** UI texts of the talk screen; the modules that show them import this file. */
const ja = {
  talks: {
    searchPlaceholder: '名前で検索',
    unreadOnly: '未読のみ',
    loadMore: 'さらに読み込む',
    empty: 'トークはまだありません',
    emptyFiltered: '条件に合うトークはありません',
    fetchError: 'Error to fetch data',
    retry: '再読み込み',
    chooseFriend: '一覧から友だちを選ぶと、ここにトークが表示されます',
    backToList: 'トーク一覧へ',
    friendNotFound: 'この友だちのトークは表示できません',
    loadOlder: '以前のメッセージを読み込む',
    noMessages: 'まだメッセージはありません',
    blocked: 'ブロック中',
    blockedHint: 'この友だちにブロックされているため、メッセージを送信できません。',
    noSendPermission: 'メッセージを送信する権限がありません。',
    inputPlaceholder: 'メッセージを入力（Ctrl+Enter / ⌘+Enterで送信）',
    send: '送信',
    sendImage: '画像を送信',
    automatic: '自動送信',
    tapped: '「{{label}}」を選択',
    tappedFrom: '「{{label}}」を選択 ({{origin}}: {{text}})',
    tappedUnknown: 'ボタンを選択',
    formAnswered: 'フォーム「{{name}}」に回答しました',
    openAnswer: '回答を見る',
    /** Where the tapped button was, by the message type it belonged to. */
    tapOrigin: {
      confirm: '確認',
      quick_reply: 'クイックリプライ',
      carousel: 'カルーセル',
      image_carousel: '画像カルーセル',
      text_message: 'メッセージ',
      rich_menu: 'リッチメニュー',
      other: 'メッセージ',
    },
    /** The source line of an entry a plan (or, later, a form or rich menu) sent. */
    origin: {
      broadcast: '一斉配信',
      scenario: 'シナリオ',
      auto_reply: '自動応答',
      other: '自動送信',
    },
    originLine: '{{kind}}: {{name}}',
    originLineBox: '{{kind}}: {{name}} · 『{{box}}』',
    boxPicture: { image: '画像', sticker: 'スタンプ', other: 'メッセージ' },
    events: {
      follow: '友だち追加されました',
      unblock: 'ブロックが解除されました',
      re_add: '再び友だち追加されました',
      unfollow: 'ブロックされました',
      conversion: 'コンバージョン: {{name}}',
      link_opened: 'リンクを開きました',
    },
    delivery: { queued: '送信待ち', waiting: '送信保留中', sent: '送信済み', failed: '送信失敗' },
    failedReason: '送信できませんでした: {{reason}}',
    mark: '対応マーク',
    markPlaceholder: '対応マークなし',
    markSaved: '対応マークを変更しました',
    preview: {
      image: '画像を送信しました',
      sticker: 'スタンプを送信しました',
      video: '動画を送信しました',
      audio: '音声を送信しました',
      location: '位置情報を送信しました',
      file: 'ファイルを送信しました',
      postback: 'ボタンを選択しました',
      template: 'テンプレートメッセージを送信しました',
      flex: 'メッセージを送信しました',
      imagemap: 'メッセージを送信しました',
      other: 'メッセージを送信しました',
    },
    connection: {
      connecting: '接続しています',
      open: '接続中',
      reconnecting: '再接続中',
      closed: '切断',
    },
    connectionHint: '新しいメッセージはリアルタイムで届きます。再接続中は、つながり次第まとめて反映します。',
  },
  tutorials: {
    screens: {
      talks:
        '友だちとの1対1のトークです。新しいメッセージは自動で届き、未読数が表示されます。「未読のみ」で対応が必要なトークに絞り込めます。',
    },
  },
};

const en: typeof ja = {
  talks: {
    searchPlaceholder: 'Search by name',
    unreadOnly: 'Unread only',
    loadMore: 'Load more',
    empty: 'No talks yet',
    emptyFiltered: 'No talks match',
    fetchError: 'Error to fetch data',
    retry: 'Reload',
    chooseFriend: 'Choose a friend from the list to see the talk here',
    backToList: 'Back to talks',
    friendNotFound: 'This talk cannot be shown',
    loadOlder: 'Load older messages',
    noMessages: 'No messages yet',
    blocked: 'Blocked',
    blockedHint: 'This friend has blocked the account, so messages cannot be sent.',
    noSendPermission: 'You are not allowed to send messages.',
    inputPlaceholder: 'Type a message (Ctrl+Enter / ⌘+Enter to send)',
    send: 'Send',
    sendImage: 'Send an image',
    automatic: 'Automatic',
    tapped: 'Chose “{{label}}”',
    tappedFrom: 'Chose “{{label}}” ({{origin}}: {{text}})',
    tappedUnknown: 'Chose a button',
    formAnswered: 'Answered the form "{{name}}"',
    openAnswer: 'View the answer',
    tapOrigin: {
      confirm: 'Confirm',
      quick_reply: 'Quick reply',
      carousel: 'Carousel',
      image_carousel: 'Image carousel',
      text_message: 'Message',
      rich_menu: 'Rich menu',
      other: 'Message',
    },
    origin: {
      broadcast: 'Broadcast',
      scenario: 'Scenario',
      auto_reply: 'Auto-reply',
      other: 'Automatic',
    },
    originLine: '{{kind}}: {{name}}',
    originLineBox: '{{kind}}: {{name}} · “{{box}}”',
    boxPicture: { image: 'Image', sticker: 'Sticker', other: 'Message' },
    events: {
      follow: 'Added as a friend',
      unblock: 'Unblocked',
      re_add: 'Added as a friend again',
      unfollow: 'Blocked',
      conversion: 'Conversion: {{name}}',
      link_opened: 'Opened a link',
    },
    delivery: { queued: 'Queued', waiting: 'On hold', sent: 'Sent', failed: 'Failed' },
    failedReason: 'Could not be sent: {{reason}}',
    mark: 'Mark',
    markPlaceholder: 'No mark',
    markSaved: 'Mark changed',
    preview: {
      image: 'Sent an image',
      sticker: 'Sent a sticker',
      video: 'Sent a video',
      audio: 'Sent an audio message',
      location: 'Sent a location',
      file: 'Sent a file',
      postback: 'Tapped a button',
      template: 'Sent a template message',
      flex: 'Sent a message',
      imagemap: 'Sent a message',
      other: 'Sent a message',
    },
    connection: {
      connecting: 'Connecting',
      open: 'Connected',
      reconnecting: 'Reconnecting',
      closed: 'Disconnected',
    },
    connectionHint:
      'New messages arrive in real time. While reconnecting, they show as soon as the connection is back.',
  },
  tutorials: {
    screens: {
      talks:
        'One-to-one talks with friends. New messages arrive by themselves with unread counts; "Unread only" narrows to the talks that need a reply.',
    },
  },
};

addStrings({ ja, en });

export type TalksStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    talks: TalksStrings;
  }
}
