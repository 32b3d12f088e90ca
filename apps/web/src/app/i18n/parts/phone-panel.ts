import { addStrings } from '../index.ts';

/** UI texts of the friend simulator (phone panel); the modules that show them import this file. */
const ja = {
  phonePanel: {
    open: '友だちシミュレーター',
    openHint: '仮想の友だちになって、このチャネルを友だち追加したりメッセージを送ったりできます',
    title: '友だちシミュレーター',
    intro: 'LINEシミュレーター上の仮想の友だちとして操作します。送った内容はWebhookでこのチャネルに届きます。',
    seeding: 'デモ用の友だちを準備しています…',
    friendCount: 'フォロー中の友だち {{count}}人',
    friendCountShort: 'フォロー中 {{count}}人',
    friendCountDetail: 'フォロー中 {{following}}人・ブロック中 {{blocked}}人（全員 {{all}}人）',
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
    webhookFailed: 'Webhookを届けられませんでした（{{reason}}）',
    demoTime: 'リハーサルの時刻',
    timeWarp: {
      label: '全員の時計',
      hint: 'プランの配信エンジンの時計（全員共通）を進めます（デモ専用）。このチャネルのすべての友だちのプランが進み、予定の時刻が来た配信はすぐに全員に送られます。',
      hour: '+1時間',
      day: '+1日',
      next: '次の配信まで',
      moved: '全員の時計を {{now}} に進めました',
      confirmTitle: '全員の時計を進めますか？',
      confirmBody:
        'すべての友だちのプランが進み、予定の時刻が来た配信は実際に全員へ送られます。1人の友だちだけで試すときは、プラン一覧の「リハーサル」を使ってください。',
      confirmOk: '全員の時計を進める',
      rehearsalLabel: 'リハーサルの時刻',
      rehearsalHint:
        '「{{plan}}」のリハーサルの時刻です。進めても、この友だちのリハーサルだけが進み、ほかの友だちには何も送られません。',
      rehearsalMoved: 'リハーサルの時刻を {{now}} に進めました',
      rehearsalEnded: 'リハーサルは終了しました（{{plan}}）',
    },
    rehearsal: {
      action: 'リハーサル',
      title: 'リハーサル: {{name}}',
      intro:
        '仮想の友だちを1人選んでこのプランを開始します。メッセージは友だちシミュレーターで友だちが見るとおりに表示され、選択肢もタップできます。「次の配信まで」でリハーサルの時刻を進めると、次のステップがすぐに届きます。進むのはこの友だちのリハーサルだけで、ほかの友だちには何も送られません。',
      friend: '仮想の友だち',
      noFriends: '友だち追加している仮想の友だちがいません。友だちシミュレーターで友だち追加してください。',
      start: '開始',
      started: '{{name}}さんでリハーサルを開始しました',
    },
  },
};

const en: typeof ja = {
  phonePanel: {
    open: 'Friend simulator',
    openHint: 'Act as a virtual friend: add this channel as a friend, send messages',
    title: 'Friend simulator',
    intro: 'You act as a virtual friend on the LINE simulator. What you send reaches this channel as webhooks.',
    seeding: 'Preparing the demo friends…',
    friendCount: 'Following: {{count}}',
    friendCountShort: 'Following: {{count}}',
    friendCountDetail: '{{following}} following, {{blocked}} blocked ({{all}} in all)',
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
    webhookFailed: 'The webhook could not be delivered ({{reason}})',
    demoTime: 'Rehearsal time',
    timeWarp: {
      label: "Everyone's clock",
      hint: "Moves the plan engine's shared clock forward (demo only). Every friend's plans move, and sends that fall due go out to everyone at once.",
      hour: '+1 hour',
      day: '+1 day',
      next: 'To the next send',
      moved: "Everyone's clock moved to {{now}}",
      confirmTitle: "Move everyone's clock?",
      confirmBody:
        'Every friend\'s plans move, and the sends that fall due really go out to everyone. To try a plan with one friend, use "Rehearse" in the plan list.',
      confirmOk: "Move everyone's clock",
      rehearsalLabel: 'Rehearsal time',
      rehearsalHint:
        'The time of the rehearsal of "{{plan}}". Moving it moves this friend\'s rehearsal only; nothing is sent to anyone else.',
      rehearsalMoved: 'Rehearsal time moved to {{now}}',
      rehearsalEnded: 'The rehearsal has ended ({{plan}})',
    },
    rehearsal: {
      action: 'Rehearse',
      title: 'Rehearsal: {{name}}',
      intro:
        'Choose a virtual friend to start this plan for. Its messages show in the friend simulator as the friend sees them, options tappable. "To the next send" moves the rehearsal\'s time so the next step arrives at once. Only this friend\'s rehearsal moves; nothing is sent to anyone else.',
      friend: 'Virtual friend',
      noFriends: 'No virtual friend follows the channel yet. Add one as a friend in the friend simulator.',
      start: 'Start',
      started: 'Rehearsal started with {{name}}',
    },
  },
};

addStrings({ ja, en });

export type PhonePanelStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    phonePanel: PhonePanelStrings;
  }
}
