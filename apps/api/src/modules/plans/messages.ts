/* What the plans API says to people (Japanese, as the spec words them), and the tests check. */

export const PLAN_NOUN = 'プラン';

export const COPY_SUFFIX = 'のコピー';

export const UNSAVED_BOX_MESSAGE = 'このプランに保存されていないボックスです';

export const UNSAVED_TIMING_MESSAGE = 'このプランに保存されていないタイミングです';

export const UNSAVED_CONDITION_MESSAGE = 'このプランに保存されていない条件です';

export const FOREIGN_TAG_MESSAGE = 'このチャネルのタグではありません';

export const FOREIGN_MARK_MESSAGE = 'このチャネルのマークではありません';

export const FOREIGN_FRIEND_MESSAGE = 'このチャネルの友だちではありません';

export const FOREIGN_PLAN_MESSAGE = 'このチャネルのプランではありません';

export const FOREIGN_RICH_MENU_MESSAGE = 'このチャネルのリッチメニューではありません';

export const FOLDER_MESSAGE = 'プランのフォルダを選んでください';

export const friendAddedTakenMessage = (name: string) =>
  `友だち追加時のシナリオはチャネルに1つだけです（「${name}」が設定されています）`;

export const waitingMessage = (count: number) =>
  `このプランには待機中の友だちが${count}人います。待機を終了して削除するには確認してください。`;

export const missedSendsMessage = (n: number) =>
  `停止中に送信予定だった配信が ${n} 件あります。送信するかスキップするかを選んでください`;

export const QUOTA_EXCEEDED_MESSAGE =
  '今月の残りの配信可能数を超えます。配信できる分だけ送信する場合は確認してください。';
