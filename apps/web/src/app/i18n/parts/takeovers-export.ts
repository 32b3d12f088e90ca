import { addStrings } from '../index.ts';

/** UI texts of the takeovers screen's full export and clean cutover panels. */
const ja = {
  takeoverExport: {
    title: '全データのエクスポート',
    description:
      'チャネルのデータ（友だちとタグ・対応マーク・友だち情報・スコア・流入経路、トーク、テンプレート、プラン、回答フォームと回答、リッチメニューと画像）を1つのZIPファイルにまとめます。各データはCSV（Excelで開けるUTF-8）とJSONの両方で入っており、列の説明（README）も付きます。',
    ownerOnly: 'ダウンロードできるのはアカウントのオーナーだけです。作成したファイルは{{days}}日後に削除されます。',
    channel: 'チャネル',
    channelPlaceholder: 'チャネルを選択',
    create: 'エクスポートを作成',
    created: 'エクスポートを開始しました。完了するとここからダウンロードできます。',
    empty: 'まだエクスポートはありません',
    createdAt: '作成日時',
    status: '状態',
    size: 'サイズ',
    expiresAt: 'ダウンロード期限',
    download: 'ダウンロード',
    statuses: {
      queued: '待機中',
      running: '作成中',
      done: '完了',
      failed: '失敗',
      expired: '期限切れ',
    },
  },
  takeoverCutover: {
    title: '旧ツールのリッチメニューを解除',
    description:
      '以前のツールが設定したリッチメニューが友だちに表示され続けないよう、LINE上のすべての個別リッチメニューの紐付けと、既定のリッチメニューを解除します。',
    ownMenus:
      'このコンソールで設定したリッチメニュー（既定・表示ルール・個別）は消えません。LINEでの解除が終わると、自動で付け直されます。',
    channel: 'チャネル',
    channelPlaceholder: 'チャネルを選択',
    run: 'リッチメニューを解除',
    confirmTitle: '「{{channel}}」のリッチメニューをすべて解除しますか？',
    confirmBody:
      'LINE上で、友だちごとに紐付いたリッチメニューと既定のリッチメニューをすべて解除します。元に戻すことはできません。このコンソールで設定したリッチメニューは、解除のあと付け直されます。',
    confirmOk: '解除する',
    started: '解除を開始しました',
    empty: 'まだ解除していません',
    createdAt: '実行日時',
    status: '状態',
    result: '結果',
    unlinked: '{{count}}人の友だちのリッチメニューを解除しました',
    defaultCleared: '既定のリッチメニューも解除しました',
    noDefault: '既定のリッチメニューはありませんでした',
    statuses: {
      queued: '待機中',
      running: '実行中',
      done: '完了',
      failed: '失敗',
    },
  },
};

const en: typeof ja = {
  takeoverExport: {
    title: 'Full data export',
    description:
      "Packs a channel's data (friends with tags, marks, info fields, scores and inflows; talks; templates; plans; forms and answers; rich menus and their images) into one ZIP file. Each dataset is there as CSV (UTF-8 that Excel opens) and as JSON, with a README describing the columns.",
    ownerOnly: 'Only the account owner can download it. The file is deleted after {{days}} days.',
    channel: 'Channel',
    channelPlaceholder: 'Choose a channel',
    create: 'Create export',
    created: 'The export has started. Download it here when it is done.',
    empty: 'No exports yet',
    createdAt: 'Created',
    status: 'Status',
    size: 'Size',
    expiresAt: 'Available until',
    download: 'Download',
    statuses: {
      queued: 'Waiting',
      running: 'Building',
      done: 'Done',
      failed: 'Failed',
      expired: 'Expired',
    },
  },
  takeoverCutover: {
    title: "Clear the previous tool's rich menus",
    description:
      "So that friends stop seeing the previous tool's rich menu, this unlinks every per-friend rich menu and the default rich menu on LINE.",
    ownMenus:
      'Rich menus set up in this console (default, display rules, per-friend) stay: they are linked again once LINE has finished unlinking.',
    channel: 'Channel',
    channelPlaceholder: 'Choose a channel',
    run: 'Clear rich menus',
    confirmTitle: 'Clear every rich menu of "{{channel}}"?',
    confirmBody:
      'Every per-friend rich menu and the default rich menu are unlinked on LINE. This cannot be undone. Rich menus set up in this console are linked again afterwards.',
    confirmOk: 'Clear',
    started: 'Clearing started',
    empty: 'Not run yet',
    createdAt: 'Run at',
    status: 'Status',
    result: 'Result',
    unlinked: 'Rich menus of {{count}} friends were unlinked',
    defaultCleared: 'The default rich menu was cleared too',
    noDefault: 'There was no default rich menu',
    statuses: {
      queued: 'Waiting',
      running: 'Running',
      done: 'Done',
      failed: 'Failed',
    },
  },
};

addStrings({ ja, en });

export type TakeoverExportStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    takeoversExport: TakeoverExportStrings;
  }
}
