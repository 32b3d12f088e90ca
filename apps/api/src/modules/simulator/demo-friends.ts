/** Who the demo channels' virtual friends are and what they do on the first start. */

// prettier-ignore
const NAMES = [
  '佐藤 美咲', '鈴木 健太', '高橋 陽菜', '田中 翔太', '伊藤 さくら', '渡辺 大輔', '山本 結衣', '中村 拓也',
  '小林 葵', '加藤 直樹', '吉田 由美子', '山田 花子', '佐々木 誠', '山口 愛', '松本 蓮', '井上 真由美',
  '木村 湊', '林 彩', '斎藤 隆', '清水 恵', 'ゆい🌸', 'はると', 'みゆ', 'Kana', 'たけし',
  'あかり☕', 'Yuto', 'まりこ', 'りな✨', 'そうた', '森 芽依', '池田 浩二', '橋本 凛', '阿部 優子',
  '石川 悠真', '前田 美穂', '岡田 樹', '藤田 ひなた', '後藤 朝陽', '近藤 さとし', '村上 かな', '遠藤 大翔',
  '青木 陽翔', '坂本 ゆうと', 'ともみ', 'Hiro', 'なおこ🍀', 'しゅん', 'Mika', 'けんじ',
];

// prettier-ignore
const TEXTS = [
  'こんにちは！友だち追加しました😊',
  '営業時間を教えてください',
  '今週末は営業していますか？',
  'クーポンはどこで見られますか？',
  '予約をお願いしたいです',
  'ありがとうございました！またお店に行きます',
  '駐車場はありますか？',
  '新商品の入荷はいつ頃ですか？',
  'ポイントカードを忘れてしまいました…',
  'オンラインショップの送料について教えてください',
  'よろしくお願いします🙇',
  '配送状況を確認したいです',
];

// LINE's free stickers (package / sticker ids of the "Brown & Cony" sets).
const STICKERS: [string, string][] = [
  ['446', '1988'],
  ['446', '1989'],
  ['789', '10855'],
  ['11537', '52002734'],
];

export type DemoAction =
  | { kind: 'text'; text: string }
  | { kind: 'sticker'; packageId: string; stickerId: string }
  | { kind: 'image' }
  | { kind: 'block' };

export interface DemoFriend {
  displayName: string;
  actions: DemoAction[];
}

/** How many virtual friends each demo channel gets (by basic id), a few dozen each. */
export function demoFriendCount(basicId: string | null): number {
  return basicId?.endsWith('honten') ? 36 : 24;
}

/**
 * A fixed, varied plan: everyone follows; about half write (text, sometimes a sticker or an
 * image), and one in nine blocks the channel afterwards.
 */
export function demoFriendPlan(count: number, offset = 0): DemoFriend[] {
  const plan: DemoFriend[] = [];
  for (let i = 0; i < count; i++) {
    const n = i + offset;
    const actions: DemoAction[] = [];
    if (n % 2 === 0) actions.push({ kind: 'text', text: TEXTS[(n / 2) % TEXTS.length]! });
    if (n % 5 === 1) {
      const [packageId, stickerId] = STICKERS[n % STICKERS.length]!;
      actions.push({ kind: 'sticker', packageId, stickerId });
    }
    if (n % 7 === 3) actions.push({ kind: 'image' });
    if (n % 9 === 8) actions.push({ kind: 'block' });
    plan.push({ displayName: NAMES[n % NAMES.length]!, actions });
  }
  return plan;
}
