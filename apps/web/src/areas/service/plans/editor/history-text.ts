import type { PlanHistoryItem } from '@linq/contract';

/** Words a text of the plans area, by its key under `plans.history.texts` (i18next's `t`, in the user's language). */
export type HistoryWords = (key: string, values?: Record<string, string | number>) => string;

const count = (item: PlanHistoryItem, name: string): number =>
  typeof item.params[name] === 'number' ? item.params[name] : 0;

/**
 * What a change of a plan was, in the user's language, from the facts the server keeps (its kind
 * and counts, plan-engine and plans modules). An entry written before the facts were kept has its
 * text as it was written.
 */
export function historyText(item: PlanHistoryItem, words: HistoryWords): string {
  const { params } = item;
  if (typeof params.text === 'string') return params.text;
  const totals = { boxes: count(item, 'boxes'), timings: count(item, 'timings') };
  const friends = count(item, 'friends');
  switch (item.kind) {
    case 'created':
      return typeof params.copied_from === 'string'
        ? words('copied', { ...totals, name: params.copied_from })
        : words('created', totals);
    case 'saved': {
      const changes = [
        count(item, 'added_boxes') > 0 ? words('addedBoxes', { count: count(item, 'added_boxes') }) : null,
        count(item, 'removed_boxes') > 0 ? words('removedBoxes', { count: count(item, 'removed_boxes') }) : null,
        count(item, 'timings_before') !== totals.timings
          ? words('timingsChanged', { before: count(item, 'timings_before'), after: totals.timings })
          : null,
      ].filter((change) => change !== null);
      return changes.length > 0
        ? words('savedChanges', { ...totals, changes: changes.join(words('separator')) })
        : words('saved', totals);
    }
    case 'activated':
      return friends > 0 ? words('activatedResuming', { friends }) : words('activated');
    case 'deactivated':
      return friends > 0 ? words('deactivatedPausing', { friends }) : words('deactivated');
    case 'box_removed':
      return words('boxRemoved', { boxes: count(item, 'boxes'), friends });
    case 'timing_changed':
      return words('timingChanged', { friends });
    case 'resumed_sending_missed':
      return words('resumedSending', { friends });
    case 'resumed_skipping_missed':
      return words('resumedSkipping', { friends });
    case 'enrolments_ended':
      return words('stoppedByStaff', { friend: typeof params.friend === 'string' ? params.friend : '' });
  }
}
