import type { ModelPath } from './issues.ts';

/** A numbered item an issue sits in, for the summary ("カード2 › ボタン1: …"). */
export type LocationKey = 'column' | 'button' | 'answer' | 'quickReply' | 'image' | 'area';

export interface LocationPart {
  key: LocationKey;
  /** 1-based, as people count. */
  n: number;
}

/** The list a number in a model path indexes, by the segments before it. */
function listKey(list: string | number | undefined, owner: string | number | undefined): LocationKey | null {
  switch (list) {
    case 'message_columns':
      return 'column';
    case 'message_image_carousels':
      return 'image';
    case 'link_urls':
      return 'area';
    case 'message_actions':
      if (owner === 'message_confirm') return 'answer';
      if (owner === 'message_quick_reply') return 'quickReply';
      return 'button';
    default:
      return null;
  }
}

/**
 * Where in the message an issue is, as its numbered items (the issue's own message names the field);
 * empty for the message's own fields.
 */
export function issueLocation(path: ModelPath): LocationPart[] {
  return path.flatMap((segment, index): LocationPart[] => {
    if (typeof segment !== 'number') return [];
    const key = listKey(path[index - 1], path[index - 2]);
    return key ? [{ key, n: segment + 1 }] : [];
  });
}
