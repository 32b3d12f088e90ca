import { addStrings } from '../index.ts';

/** UI texts of a friend's plans on the friend detail screen; the modules that show them import this file. */
const ja = {
  friendPlans: {
    title: 'プラン',
    empty: 'この友だちのプランはまだありません',
    start: 'プランを開始 / 配信する',
    startTitle: 'プランを開始 / 配信する',
    startHint: 'シナリオはこの友だちの最初のボックスから始まります。一斉配信はこの友だちだけに送られます。',
    planType: '種類',
    plan: 'プラン',
    choosePlan: 'プランを選択',
    planRequired: 'プランを選択してください',
    inactive: '停止中',
    startSubmit: '開始する',
    started: '「{{name}}」を開始しました',
    stop: '停止',
    stopConfirm: 'この友だちの「{{name}}」を停止しますか？以降のメッセージは送られません。',
    stopped: '「{{name}}」を停止しました',
    statuses: { active: '進行中', paused: '一時停止中', finished: '完了', stopped: '停止' },
    triggers: {
      friend_added: '友だち追加',
      tag_added: 'タグ追加',
      start_plan: '他のシナリオから開始',
      manual: 'スタッフが開始',
      broadcast: '一斉配信',
      auto_reply: '自動応答',
      rehearsal: 'リハーサル',
    },
    otherTrigger: 'その他のきっかけ',
    endReasons: {
      stopped_by_staff: 'スタッフが停止',
      box_removed: '待っていたボックスがプランから削除されました',
      skipped_wait: '停止中に送信予定だった選択肢付きのメッセージをスキップしました',
      replaced_by_new_reply: '新しい自動応答が始まりました',
      not_sent: '送信できませんでした',
    },
    startedAt: '開始 {{time}}',
    endedAt: '終了 {{time}}',
    sent: '送信済み',
    failed: '送信失敗',
    queued: '送信待ち',
    skipped: 'スキップ（停止中に予定時刻）',
    repeat: '{{count}}回目',
    tapped: '「{{label}}」をタップ',
    tappedRemoved: '選択肢をタップ（削除済みの選択肢）',
    removedBox: '削除されたボックス',
    waitingTap: 'タップ待ち:',
    nextSend: '次の送信:',
    infoValue: '【友だち情報】',
    nextSendAt: '{{time}}（{{zone}}）',
  },
};

const en: typeof ja = {
  friendPlans: {
    title: 'Plans',
    empty: 'This friend has no plans yet',
    start: 'Start a plan / send',
    startTitle: 'Start a plan / send',
    startHint: 'A scenario starts at its first box for this friend. A broadcast is sent to this friend alone.',
    planType: 'Type',
    plan: 'Plan',
    choosePlan: 'Choose a plan',
    planRequired: 'Choose a plan',
    inactive: 'Stopped',
    startSubmit: 'Start',
    started: 'Started "{{name}}"',
    stop: 'Stop',
    stopConfirm: 'Stop "{{name}}" for this friend? No further messages are sent.',
    stopped: 'Stopped "{{name}}"',
    statuses: { active: 'Running', paused: 'Paused', finished: 'Finished', stopped: 'Stopped' },
    triggers: {
      friend_added: 'Friend added',
      tag_added: 'Tag added',
      start_plan: 'Started by another scenario',
      manual: 'Started by staff',
      broadcast: 'Broadcast',
      auto_reply: 'Auto-reply',
      rehearsal: 'Rehearsal',
    },
    otherTrigger: 'Other trigger',
    endReasons: {
      stopped_by_staff: 'Stopped by staff',
      box_removed: 'The box it waited at was removed from the plan',
      skipped_wait: 'A message with options due while paused was skipped',
      replaced_by_new_reply: 'A newer auto-reply started',
      not_sent: 'Could not be sent',
    },
    startedAt: 'Started {{time}}',
    endedAt: 'Ended {{time}}',
    sent: 'Sent',
    failed: 'Not delivered',
    queued: 'Queued',
    skipped: 'Skipped (due while paused)',
    repeat: 'Send {{count}}',
    tapped: 'Tapped "{{label}}"',
    tappedRemoved: 'Tapped an option (since removed)',
    removedBox: 'Removed box',
    waitingTap: 'Waiting for a tap at',
    nextSend: 'Next send:',
    infoValue: '[friend info]',
    nextSendAt: '{{time}} ({{zone}})',
  },
};

addStrings({ ja, en });

export type FriendPlansStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    friendPlans: FriendPlansStrings;
  }
}
