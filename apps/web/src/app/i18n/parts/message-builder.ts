import { addStrings } from '../index.ts';

/** UI texts of the message builder; the modules that show them import this file. */
const ja = {
  messageBuilder: {
    issuesTitle: '修正が必要な項目があります（{{count}}件）',
    issueFlag: '修正が必要な項目があります',
    location: {
      column: 'カード{{n}}',
      button: 'ボタン{{n}}',
      answer: '選択肢{{n}}',
      quickReply: 'ボタン{{n}}',
      image: '画像{{n}}',
      area: 'タップ領域{{n}}',
    },
    list: {
      moveUp: '{{name}}を上へ',
      moveDown: '{{name}}を下へ',
      moveLeft: '{{name}}を左へ',
      moveRight: '{{name}}を右へ',
      duplicate: '{{name}}を複製',
      remove: '{{name}}を削除',
    },
    text: {
      label: 'メッセージ本文',
      placeholder: 'メッセージを入力',
      count: '{{count}} / {{max}}文字',
      emojiCount: 'LINE絵文字 {{count}} / {{max}}個',
      insertName: '友だちの名前',
      insertInfo: '友だち情報',
      noInfoFields: '友だち情報の項目がありません',
      insertEmoji: 'LINE絵文字',
      emoji: 'LINE絵文字',
      emojiItem: 'LINE絵文字 {{id}}',
      emojiFull: 'LINE絵文字は{{max}}個までです',
      chipName: '友だちの名前',
      unknownInfo: '（このチャネルにない項目）',
      variablesHelp: {
        beside:
          'ボタンはカーソルの位置に差し込みます。友だちの名前・友だち情報は送信時に友だちごとの値に置き換わります（右のプレビューはサンプルの値です）。',
        diagram:
          'ボタンはカーソルの位置に差し込みます。友だちの名前・友だち情報は送信時に友だちごとの値に置き換わります（左の図のボックスのプレビューはサンプルの値です）。',
      },
    },
    image: {
      label: '画像',
      upload: '画像をアップロード',
      replace: '画像を変更',
      remove: '画像を削除',
      uploading: 'アップロード中…',
      hint: 'JPEGまたはPNG、10MBまで',
      uploadFailed: '画像をアップロードできませんでした',
      unavailable: '画像を表示できません',
      alt: 'アップロードした画像',
    },
    sticker: {
      package: 'スタンプのパッケージ',
      packageOption: 'パッケージ {{id}}（{{count}}個）',
      sticker: 'スタンプ',
      grid: 'スタンプ一覧',
      item: 'スタンプ {{id}}',
      selected: '選択中: パッケージ {{packageId}} / スタンプ {{stickerId}}',
      none: '送るスタンプを選んでください（LINE公式アカウントから送れるスタンプのみ）',
    },
    action: {
      type: 'タップしたときの動作',
      types: { message: 'メッセージ送信', postback: 'ポストバック', uri: 'リンク' },
      label: 'ラベル',
      labelOptional: 'ラベル（任意）',
      labelOptionalHelp: '画面には表示されず、読み上げや通知に使われます',
      text: '送信テキスト',
      textHelp: 'タップすると、友だちがこのテキストを送ったようにトークに表示されます',
      displayText: '表示テキスト（任意）',
      displayTextHelp: 'タップすると、友だちの発言としてトークに表示されます。空欄なら何も表示されません',
      uri: 'URL',
      score: 'スコア（任意）',
      scoreHelp:
        'タップした友だちのスコアにこの値を加えます（マイナスなら減らします）。同じ友だちが何度タップしても、そのたびに加算されます',
      scoreLinkHelp:
        'リンクを初めて開いたときに友だちに加算されます（マイナスなら減らします）。送ったリンクを何度開いても、加算は1回です',
      scoreNone: 'なし',
      scoreLinkUntracked:
        '電話番号やLINEアプリを開くリンク（tel:、line:）は、開いたかどうかが分からないためスコアは加算されません',
    },
    altText: {
      label: '通知テキスト',
      help: 'プッシュ通知とトーク一覧に表示されます。空欄のときは薄く表示されている内容になります',
    },
    confirm: {
      question: '質問文',
      answer: '選択肢{{n}}',
    },
    quickReply: {
      items: 'クイックリプライのボタン（{{count}} / {{max}}）',
      item: 'ボタン{{n}}',
      add: 'ボタンを追加',
      full: 'ボタンは{{max}}個までです',
    },
    carousel: {
      imageTooWide: 'カードの画像は幅{{max}}px以下にしてください（LINEの上限）',
      actionCount: 'ボタン数',
      actionCountHelp:
        'LINEではすべてのカードのボタン数をそろえる必要があります。減らすと各カードの最後のボタンが削除されます',
      columns: 'カード（{{count}} / {{max}}）',
      column: 'カード{{n}}',
      add: 'カードを追加',
      full: 'カードは{{max}}枚までです',
      image: '画像（任意）',
      title: 'タイトル（任意）',
      text: '本文',
      textShorter: '画像かタイトルのあるカードでは、本文は{{max}}文字までです',
      button: 'ボタン{{n}}',
    },
    imageCarousel: {
      images: '画像（{{count}} / {{max}}）',
      image: '画像{{n}}',
      add: '画像を追加',
      addHint: 'JPEGまたはPNG、幅・高さとも{{max}}px以下、10MBまで',
      full: '画像は{{max}}枚までです',
      tooLarge: '画像カルーセルの画像は幅・高さとも{{max}}px以下にしてください',
      imageSize: '画像の大きさ: {{width}} × {{height}} px',
      canvas: '画像{{n}}のタップ領域',
      areas: 'タップ領域（{{count}} / {{max}}）',
      area: 'タップ領域{{n}}',
      areasFull: 'タップ領域は{{max}}個までです',
      drawHint:
        '画像の上をドラッグすると領域を追加できます。領域はドラッグか、選んで矢印キー（Shiftで10px）で動かせます。位置と大きさは画像のピクセルで指定します',
      deleteArea: 'タップ領域{{n}}を削除',
      x: 'X（左から）',
      y: 'Y（上から）',
      width: '幅',
      height: '高さ',
    },
    preview: {
      title: 'LINEでの表示プレビュー',
      channel: 'LINE公式アカウント',
      sampleFriendName: 'LINE 太郎',
      infoField: '友だち情報{{id}}',
      empty: '内容を入力すると、ここに友だちのトーク画面での表示が出ます',
      note: '友だちの名前などはサンプルの値で表示しています',
    },
  },
};

const en: typeof ja = {
  messageBuilder: {
    issuesTitle: 'Items to fix ({{count}})',
    issueFlag: 'Something here needs fixing',
    location: {
      column: 'Card {{n}}',
      button: 'Button {{n}}',
      answer: 'Answer {{n}}',
      quickReply: 'Button {{n}}',
      image: 'Image {{n}}',
      area: 'Tap area {{n}}',
    },
    list: {
      moveUp: 'Move {{name}} up',
      moveDown: 'Move {{name}} down',
      moveLeft: 'Move {{name}} left',
      moveRight: 'Move {{name}} right',
      duplicate: 'Duplicate {{name}}',
      remove: 'Remove {{name}}',
    },
    text: {
      label: 'Message text',
      placeholder: 'Type a message',
      count: '{{count}} / {{max}} characters',
      emojiCount: 'LINE emoji {{count}} / {{max}}',
      insertName: "Friend's name",
      insertInfo: 'Friend info',
      noInfoFields: 'There are no friend info fields',
      insertEmoji: 'LINE emoji',
      emoji: 'LINE emoji',
      emojiItem: 'LINE emoji {{id}}',
      emojiFull: 'At most {{max}} LINE emoji',
      chipName: "Friend's name",
      unknownInfo: '(not a field of this channel)',
      variablesHelp: {
        beside:
          "The buttons insert at the cursor. The friend's name and friend info are replaced per friend when sent (the preview on the right shows sample values).",
        diagram:
          "The buttons insert at the cursor. The friend's name and friend info are replaced per friend when sent (the preview in the diagram's box on the left shows sample values).",
      },
    },
    image: {
      label: 'Image',
      upload: 'Upload an image',
      replace: 'Replace the image',
      remove: 'Remove the image',
      uploading: 'Uploading…',
      hint: 'JPEG or PNG, up to 10 MB',
      uploadFailed: 'The image could not be uploaded',
      unavailable: 'The image cannot be shown',
      alt: 'Uploaded image',
    },
    sticker: {
      package: 'Sticker package',
      packageOption: 'Package {{id}} ({{count}})',
      sticker: 'Sticker',
      grid: 'Stickers',
      item: 'Sticker {{id}}',
      selected: 'Selected: package {{packageId}} / sticker {{stickerId}}',
      none: 'Choose a sticker (only stickers LINE Official Accounts may send)',
    },
    action: {
      type: 'When tapped',
      types: { message: 'Send a message', postback: 'Postback', uri: 'Link' },
      label: 'Label',
      labelOptional: 'Label (optional)',
      labelOptionalHelp: 'Not shown; used by screen readers and notifications',
      text: 'Message text',
      textHelp: 'A tap shows this text in the talk as if the friend had sent it',
      displayText: 'Display text (optional)',
      displayTextHelp: "A tap shows this text as the friend's message; nothing is shown when empty",
      uri: 'URL',
      score: 'Score (optional)',
      scoreHelp:
        "A tap adds this value to the friend's score (a negative value subtracts). Every tap counts, also repeated ones",
      scoreLinkHelp:
        'Added to the friend’s score when they first open the link (a negative value subtracts). Opening the same link again adds nothing',
      scoreNone: 'None',
      scoreLinkUntracked:
        'Phone and LINE app links (tel:, line:) cannot tell whether they were opened, so they add no score',
    },
    altText: {
      label: 'Notification text',
      help: 'Shown in push notifications and the chat list; when empty, the greyed text is used',
    },
    confirm: {
      question: 'Question',
      answer: 'Answer {{n}}',
    },
    quickReply: {
      items: 'Quick reply buttons ({{count}} / {{max}})',
      item: 'Button {{n}}',
      add: 'Add a button',
      full: 'At most {{max}} buttons',
    },
    carousel: {
      imageTooWide: 'Card images must be at most {{max}} px wide (LINE limit)',
      actionCount: 'Buttons per card',
      actionCountHelp:
        'LINE requires the same number of buttons on every card. Lowering it removes the last buttons of each card',
      columns: 'Cards ({{count}} / {{max}})',
      column: 'Card {{n}}',
      add: 'Add a card',
      full: 'At most {{max}} cards',
      image: 'Image (optional)',
      title: 'Title (optional)',
      text: 'Text',
      textShorter: 'With an image or a title, the text holds at most {{max}} characters',
      button: 'Button {{n}}',
    },
    imageCarousel: {
      images: 'Images ({{count}} / {{max}})',
      image: 'Image {{n}}',
      add: 'Add an image',
      addHint: 'JPEG or PNG, at most {{max}} px wide and high, up to 10 MB',
      full: 'At most {{max}} images',
      tooLarge: 'Image carousel images must be at most {{max}} px wide and high',
      imageSize: 'Image size: {{width}} × {{height}} px',
      canvas: 'Tap areas of image {{n}}',
      areas: 'Tap areas ({{count}} / {{max}})',
      area: 'Tap area {{n}}',
      areasFull: 'At most {{max}} tap areas',
      drawHint:
        'Drag on the image to add an area. Move an area by dragging it, or select it and use the arrow keys (Shift: 10 px). Position and size are in image pixels',
      deleteArea: 'Delete tap area {{n}}',
      x: 'X (from left)',
      y: 'Y (from top)',
      width: 'Width',
      height: 'Height',
    },
    preview: {
      title: 'Preview as shown in LINE',
      channel: 'LINE Official Account',
      sampleFriendName: 'LINE Taro',
      infoField: 'Friend info {{id}}',
      empty: "Once you enter the content, the friend's talk screen is shown here",
      note: "The friend's name and other variables show sample values",
    },
  },
};

addStrings({ ja, en });

export type MessageBuilderStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    messageBuilder: MessageBuilderStrings;
  }
}
