import { addStrings } from '../index.ts';

/** UI texts of the tag and mark screens; the modules that show them import this file. */
const ja = {
  labels: {
    name: '名前',
    folder: 'フォルダ',
    noFolder: 'フォルダなし',
    friendCount: '友だち数',
    friendCountValue: '{{count}}人',
    color: '色',
    nameRequired: '名前を入力してください',
    nameTooLong: '{{max}}文字以内で入力してください',
    colorInvalid: '#RRGGBB の形式で入力してください',
    move: 'フォルダへ移動',
    moveTitle: '{{count}}件をフォルダへ移動',
    moveTo: '移動先',
    moved: '移動しました',
    selected: '{{count}}件を選択中',
    inUseTitle: '友だちに付いています',
    deleteAnyway: '削除する',
    usedTitle: '使われています',
    usedIntro:
      'この{{noun}}は次の場所で使われています。削除すると、この{{noun}}を対象にした配信は誰にも届かなくなります。削除しますか？',
    uses: {
      target: 'プラン「{{name}}」の配信対象',
      effect: 'プラン「{{name}}」の開始時に付ける設定',
      box_effect: 'プラン「{{name}}」のメッセージで付ける設定',
      trigger: 'プラン「{{name}}」の開始のきっかけ',
      other: '「{{name}}」',
    },
  },
  tags: {
    noun: 'タグ',
    searchPlaceholder: 'タグ名で検索',
    empty: 'タグがありません',
    emptyFolder: 'このフォルダにタグはありません',
    noMatch: '条件に一致するタグはありません',
    createTitle: 'タグを作成',
    editTitle: 'タグを編集',
    inUse: 'このタグは {{count}} 人の友だちに付いています。削除すると友だちからも外れます。削除しますか？',
    friendsLink: 'このタグが付いた友だちを見る',
  },
  marks: {
    noun: '対応マーク',
    searchPlaceholder: '対応マーク名で検索',
    empty: '対応マークがありません',
    emptyFolder: 'このフォルダに対応マークはありません',
    noMatch: '条件に一致する対応マークはありません',
    createTitle: '対応マークを作成',
    editTitle: '対応マークを編集',
    inUse: 'この対応マークは {{count}} 人の友だちに付いています。削除すると友だちからも外れます。削除しますか？',
    friendsLink: 'この対応マークが付いた友だちを見る',
  },
  tutorials: {
    screens: {
      tags: 'タグで友だちを分類します。フォルダで整理でき、各タグの人数をクリックすると該当する友だちの一覧を開きます。',
      marks:
        '対応マークは「要対応」「対応済み」などの対応状況を色で示すラベルです。トーク画面や友だち詳細から付け外しできます。',
    },
  },
};

const en: typeof ja = {
  labels: {
    name: 'Name',
    folder: 'Folder',
    noFolder: 'No folder',
    friendCount: 'Friends',
    friendCountValue: '{{count}}',
    color: 'Colour',
    nameRequired: 'Enter a name',
    nameTooLong: 'Use at most {{max}} characters',
    colorInvalid: 'Enter a colour as #RRGGBB',
    move: 'Move to folder',
    moveTitle: 'Move {{count}} to a folder',
    moveTo: 'Destination',
    moved: 'Moved',
    selected: '{{count}} selected',
    inUseTitle: 'Friends have it',
    deleteAnyway: 'Delete',
    usedTitle: 'In use',
    usedIntro: 'These use this {{noun}}. Once it is deleted, sends targeted by it reach nobody. Delete it?',
    uses: {
      target: 'Target of plan “{{name}}”',
      effect: 'Added when plan “{{name}}” starts',
      box_effect: 'Added by a message of plan “{{name}}”',
      trigger: 'Starts plan “{{name}}”',
      other: '“{{name}}”',
    },
  },
  tags: {
    noun: 'tags',
    searchPlaceholder: 'Search by tag name',
    empty: 'No tags yet',
    emptyFolder: 'No tags in this folder',
    noMatch: 'No tags match',
    createTitle: 'New tag',
    editTitle: 'Edit tag',
    inUse: 'Friends with this tag: {{count}}. Deleting it takes it off them too. Delete it?',
    friendsLink: 'Show the friends with this tag',
  },
  marks: {
    noun: 'marks',
    searchPlaceholder: 'Search by mark name',
    empty: 'No marks yet',
    emptyFolder: 'No marks in this folder',
    noMatch: 'No marks match',
    createTitle: 'New mark',
    editTitle: 'Edit mark',
    inUse: 'Friends with this mark: {{count}}. Deleting it takes it off them too. Delete it?',
    friendsLink: 'Show the friends with this mark',
  },
  tutorials: {
    screens: {
      tags: "Tags group friends. Keep them in folders; click a tag's count to open the friends that carry it.",
      marks:
        'Marks show the handling status of a friend (to do, done…) by colour. Set and clear them from a talk or a friend page.',
    },
  },
};

addStrings({ ja, en });

export type LabelsStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    labels: LabelsStrings;
  }
}
