import { addStrings } from '../index.ts';

/** UI texts of LINE messages as a friend sees them (talks, previews, the phone panel); the modules that show them import this file. */
const ja = {
  lineMessage: {
    emoji: 'LINE絵文字',
    emojiFallback: '（絵文字）',
    unsupportedAction: 'シミュレーターでは使えない操作です',
    sticker: 'スタンプ',
    tapArea: 'タップ領域',
    link: 'リンク',
    image: '画像',
    types: { video: '動画', audio: '音声', unknown: '{{type}}メッセージ' },
  },
};

const en: typeof ja = {
  lineMessage: {
    emoji: 'LINE emoji',
    emojiFallback: '(emoji)',
    unsupportedAction: 'Not available in the simulator',
    sticker: 'Sticker',
    tapArea: 'Tap area',
    link: 'Link',
    image: 'Image',
    types: { video: 'Video', audio: 'Audio', unknown: '{{type}} message' },
  },
};

addStrings({ ja, en });

export type LineMessageStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    lineMessage: LineMessageStrings;
  }
}
