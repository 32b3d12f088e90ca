import { addStrings } from '../index.ts';

/** UI texts of the template screens and the teppan templates; the modules that show them import this file. */
const ja = {
  templates: {
    noun: 'テンプレート',
    types: {
      text_message: 'テキスト',
      image: '画像',
      confirm: '確認',
      quick_reply: 'クイックリプライ',
      carousel: 'カルーセル',
      image_carousel: '画像カルーセル',
      sticker: 'スタンプ',
    },
    typeTabs: 'メッセージの種類',
    unknownType: 'この種類のテンプレートはありません',
    toDefaultType: 'テキストのテンプレートへ',
    name: 'テンプレート名',
    namePlaceholder: '管理用の名前（友だちには表示されません）',
    nameRequired: 'テンプレート名を入力してください',
    nameTooLong: '{{max}}文字以内で入力してください',
    folder: 'フォルダ',
    noFolder: 'フォルダなし',
    preview: 'プレビュー',
    showPreview: '「{{name}}」のプレビュー',
    updatedAt: '更新日時',
    searchPlaceholder: 'テンプレート名で検索',
    empty: 'この種類のテンプレートはまだありません',
    emptyFolder: 'このフォルダにこの種類のテンプレートはありません',
    noMatch: '条件に一致するテンプレートはありません',
    copy: 'コピー',
    copied: '「{{name}}」を作成しました',
    openCopy: 'コピーを開く',
    sendTest: 'テスト送信',
    sendTestTitle: '「{{name}}」をテスト送信',
    sendTestHint: '選んだ友だち1人に、このテンプレートを今すぐ送信します。',
    sendTestFriend: '送信先の友だち',
    sendTestSearch: '名前で検索して選択',
    sendTestSubmit: '送信',
    sendTestSent: '{{name}}さんに送信しました',
    sendTestFailed: '送信できませんでした',
    noFriends: '該当する友だちはいません',
    friendsForbidden: '友だちを表示する権限がないため、送信先を選べません。',
    fromTeppan: '鉄板テンプレートから追加',
    message: 'メッセージ',
    saveBlocked: 'メッセージにエラーがあるため保存できません',
    viewOnly: '閲覧のみの権限のため、編集・保存はできません。',
    picker: {
      open: 'テンプレート',
      title: 'テンプレートを送信',
      allTypes: 'すべての種類',
      choose: '左の一覧から送信するテンプレートを選んでください',
      send: 'このテンプレートを送信',
      sent: 'テンプレートを送信しました',
      empty: 'テンプレートがありません',
      noMatch: '条件に一致するテンプレートはありません',
    },
  },
  teppan: {
    noun: '鉄板テンプレート',
    searchPlaceholder: 'テンプレート名で検索',
    empty: 'この種類の鉄板テンプレートはまだありません',
    emptyFolder: 'このフォルダにこの種類の鉄板テンプレートはありません',
    noMatch: '条件に一致する鉄板テンプレートはありません',
    drawerTitle: '鉄板テンプレートから追加（{{type}}）',
    drawerHint: 'コピーは「{{folder}}」に追加され、自由に編集できます。',
    copy: 'コピー',
    copied: '「{{name}}」を追加しました',
  },
  tutorials: {
    screens: {
      templates:
        'よく送るメッセージをテンプレートとして保存します。上のタブで種類を切り替え、フォルダで整理できます。テスト送信で友だち1人に送って見え方を確かめられ、鉄板テンプレートをコピーして使うこともできます。',
      templateCreate:
        '左でメッセージを組み立てると、右にLINEでの見え方が表示されます。友だちの名前などの変数は、送信時に友だちごとの値に置き換わります。',
      templateEdit:
        '左でメッセージを編集すると、右にLINEでの見え方が表示されます。保存すると、このテンプレートを使う配信やトークに反映されます。',
    },
  },
};

const en: typeof ja = {
  templates: {
    noun: 'templates',
    types: {
      text_message: 'Text',
      image: 'Image',
      confirm: 'Confirm',
      quick_reply: 'Quick reply',
      carousel: 'Carousel',
      image_carousel: 'Image carousel',
      sticker: 'Sticker',
    },
    typeTabs: 'Message type',
    unknownType: 'There is no such template type',
    toDefaultType: 'Go to text templates',
    name: 'Template name',
    namePlaceholder: 'A name for your team (friends never see it)',
    nameRequired: 'Enter a template name',
    nameTooLong: 'Use at most {{max}} characters',
    folder: 'Folder',
    noFolder: 'No folder',
    preview: 'Preview',
    showPreview: 'Preview of "{{name}}"',
    updatedAt: 'Updated',
    searchPlaceholder: 'Search by template name',
    empty: 'No templates of this type yet',
    emptyFolder: 'No templates of this type in this folder',
    noMatch: 'No templates match',
    copy: 'Copy',
    copied: 'Created "{{name}}"',
    openCopy: 'Open the copy',
    sendTest: 'Send test',
    sendTestTitle: 'Send "{{name}}" as a test',
    sendTestHint: 'Sends this template to the chosen friend right now.',
    sendTestFriend: 'Friend',
    sendTestSearch: 'Search by name and choose',
    sendTestSubmit: 'Send',
    sendTestSent: 'Sent to {{name}}',
    sendTestFailed: 'Could not send',
    noFriends: 'No friends match',
    friendsForbidden: 'You may not see friends, so you cannot choose whom to send to.',
    fromTeppan: 'Add from teppan templates',
    message: 'Message',
    saveBlocked: 'The message has errors, so it cannot be saved',
    viewOnly: 'You have view-only access: editing and saving are not available.',
    picker: {
      open: 'Template',
      title: 'Send a template',
      allTypes: 'All types',
      choose: 'Choose a template to send from the list',
      send: 'Send this template',
      sent: 'Template sent',
      empty: 'No templates',
      noMatch: 'No templates match',
    },
  },
  teppan: {
    noun: 'teppan templates',
    searchPlaceholder: 'Search by template name',
    empty: 'No teppan templates of this type yet',
    emptyFolder: 'No teppan templates of this type in this folder',
    noMatch: 'No teppan templates match',
    drawerTitle: 'Add from teppan templates ({{type}})',
    drawerHint: 'The copy goes to "{{folder}}", where you can edit it freely.',
    copy: 'Copy',
    copied: 'Added "{{name}}"',
  },
  tutorials: {
    screens: {
      templates:
        'Save the messages you send often as templates. Switch the message type with the tabs and keep templates in folders. Send a test to one friend to see how it looks, or copy a teppan template to start from.',
      templateCreate:
        "Build the message on the left; the right shows how it looks on LINE. Variables such as the friend's name are filled in per friend when it is sent.",
      templateEdit:
        'Edit the message on the left; the right shows how it looks on LINE. Saving changes what broadcasts and talks using this template send.',
    },
  },
};

addStrings({ ja, en });

export type TemplatesStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    templates: TemplatesStrings;
  }
}
