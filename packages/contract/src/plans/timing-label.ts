import type { PlanTiming } from './model.ts';

/*
 * A timing in words, for the diagram's arrows and the analysis screen ("すぐに送信", "1日後 10:00").
 * Japanese is the console's default; English follows the same shapes.
 */

export type TimingLabelLocale = 'ja' | 'en';

export type LabelledTiming = Pick<
  PlanTiming,
  | 'timing_type'
  | 'after_days'
  | 'after_hours'
  | 'next_action_at'
  | 'repeat_weekdays'
  | 'repeat_date_times'
  | 'repeat_times'
>;

const WEEKDAY_NAMES: Record<TimingLabelLocale, readonly string[]> = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function afterLabel(timing: LabelledTiming, locale: TimingLabelLocale): string {
  const { after_days: days, after_hours: hours, next_action_at: time } = timing;
  if (locale === 'ja') {
    if (time !== null) return days === 0 ? `当日 ${time}` : `${days}日後 ${time}`;
    if (days > 0 && hours > 0) return `${days}日${hours}時間後`;
    if (days > 0) return `${days}日後`;
    if (hours > 0) return `${hours}時間後`;
    return 'すぐに送信';
  }
  if (time !== null) return days === 0 ? `Same day at ${time}` : `${plural(days, 'day')} later at ${time}`;
  if (days > 0 && hours > 0) return `${plural(days, 'day')} ${plural(hours, 'hour')} later`;
  if (days > 0) return `${plural(days, 'day')} later`;
  if (hours > 0) return `${plural(hours, 'hour')} later`;
  return 'Send immediately';
}

function repeatLabel(timing: LabelledTiming, locale: TimingLabelLocale): string {
  const weekdays = [...new Set(timing.repeat_weekdays)].filter((day) => day >= 0 && day <= 6).sort((a, b) => a - b);
  const times = [...timing.repeat_date_times].sort().join(', ');
  const everyDay = weekdays.length === 7;
  const names = weekdays.map((day) => WEEKDAY_NAMES[locale][day]);
  if (locale === 'ja') {
    const days = everyDay ? '毎日' : `毎週 ${names.join('・')}`;
    return `${days} ${times}（${timing.repeat_times}回）`;
  }
  const days = everyDay ? 'Every day' : `Every ${names.join(', ')}`;
  return `${days} at ${times} (${plural(timing.repeat_times, 'time')})`;
}

/** The timing in words: "すぐに送信", "1日後 10:00", "2時間後", "毎週 月・水 10:00（3回）" (or English). */
export function timingLabel(timing: LabelledTiming, locale: TimingLabelLocale = 'ja'): string {
  switch (timing.timing_type) {
    case 'send_immediate':
      return locale === 'ja' ? 'すぐに送信' : 'Send immediately';
    case 'send_after':
      return afterLabel(timing, locale);
    case 'send_repeat':
      return repeatLabel(timing, locale);
  }
}
