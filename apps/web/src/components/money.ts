/** An amount in yen as the console shows it (¥21,780). */
export const yen = (amount: number): string => `¥${amount.toLocaleString('ja-JP')}`;
