import { addStrings } from '../index.ts';

/** UI texts of the friend simulator (phone panel); the modules that show them import this file. */
const ja = {
  phonePanel: {
    open: '友だちシミュレーター',
    openHint: '仮想の友だちになって、このチャネルを友だち追加したりメッセージを送ったりできます',
    title: '友だちシミュレーター',
    intro: 'LINEシミュレーター上の仮想の友だちとして操作します。送った内容はWebhookでこのチャネルに届きます。',
    seeding: 'デモ用の友だちを準備しています…',
    friendCount: '友だち {{count}}人',
    friendCountDetail: '友だち {{following}}人・ブロック {{blocked}}人',
    selectFriend: '仮想の友だちを選択',
    newFriend: '新しい友だち',
    newFriendName: '名前（省略可）',
    following: '友だち',
    notFollowing: '未追加・ブロック中',
    follow: '友だち追加',
    unfollow: 'ブロック',
    followHint: '友だち追加すると、メッセージを送れます。',
    noFriend: '仮想の友だちを選ぶか、新しく作成してください。',
    empty: 'まだメッセージはありません',
    inputPlaceholder: 'メッセージを入力',
    send: '送信',
    sendImage: 'サンプル画像を送る',
    sendSticker: 'スタンプを送る',
    postback: 'ボタン操作: {{data}}',
    webhookFailed: 'Webhookを届けられませんでした（{{reason}}）',
  },
};

const en: typeof ja = {
  phonePanel: {
    open: 'Friend simulator',
    openHint: 'Act as a virtual friend: add this channel as a friend, send messages',
    title: 'Friend simulator',
    intro: 'You act as a virtual friend on the LINE simulator. What you send reaches this channel as webhooks.',
    seeding: 'Preparing the demo friends…',
    friendCount: 'Friends: {{count}}',
    friendCountDetail: '{{following}} following, {{blocked}} blocked',
    selectFriend: 'Choose a virtual friend',
    newFriend: 'New friend',
    newFriendName: 'Name (optional)',
    following: 'Friend',
    notFollowing: 'Not added / blocked',
    follow: 'Add friend',
    unfollow: 'Block',
    followHint: 'Add the channel as a friend to send messages.',
    noFriend: 'Choose a virtual friend or create a new one.',
    empty: 'No messages yet',
    inputPlaceholder: 'Enter a message',
    send: 'Send',
    sendImage: 'Send a sample image',
    sendSticker: 'Send a sticker',
    postback: 'Tapped: {{data}}',
    webhookFailed: 'The webhook could not be delivered ({{reason}})',
  },
};

addStrings({ ja, en });

export type PhonePanelStrings = typeof ja;
