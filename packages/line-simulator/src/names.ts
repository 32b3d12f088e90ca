/** Japanese-looking profiles for virtual friends (deterministic for a given seed). */

// prettier-ignore
const FAMILY_NAMES = [
  '佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤',
  '吉田', '山田', '佐々木', '山口', '松本', '井上', '木村', '林', '斎藤', '清水',
  '山崎', '森', '池田', '橋本', '阿部', '石川', '山下', '中島', '石井', '小川',
  '前田', '岡田', '長谷川', '藤田', '後藤', '近藤', '村上', '遠藤', '青木', '坂本',
];

// prettier-ignore
const GIVEN_NAMES = [
  '陽翔', '蓮', '湊', '大翔', '悠真', '樹', '朝陽', '健太', '翔太', '大輔',
  '拓也', '直樹', '誠', '浩二', '隆', '結衣', '陽菜', '美咲', 'さくら', '葵',
  '凛', '芽依', '花子', '愛', '真由美', '由美子', '恵', '彩', '美穂', '優子',
  'ひなた', 'あかり', 'ゆい', 'はると', 'そうた', 'みゆ', 'かな', 'りな', 'ゆうと', 'さとし',
];

const STATUS_MESSAGES = [
  '今日もがんばろう！',
  'よろしくお願いします',
  'カフェ巡りが好きです☕',
  '旅行に行きたい✈️',
  '週末はキャンプ🏕️',
  'ありがとう😊',
  '',
  '猫と暮らしています🐈',
  'ただいま育児中',
  '推し活中💖',
];

/** Small fast PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class NameGenerator {
  private readonly random: () => number;
  constructor(seed = 20260701) {
    this.random = prng(seed);
  }
  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }
  displayName(): string {
    return `${this.pick(FAMILY_NAMES)} ${this.pick(GIVEN_NAMES)}`;
  }
  /** A status message, or undefined (LINE omits it when the user has none). */
  statusMessage(): string | undefined {
    const s = this.pick(STATUS_MESSAGES);
    return s === '' ? undefined : s;
  }
}
