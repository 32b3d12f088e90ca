import { marksApi, tagsApi, type Mark, type Tag } from '@linq/contract';

/**
 * What differs between the tags and the marks screens (like the API's labels module): the
 * endpoints, the feature (also the folder type and the i18n section), the friends-screen filter
 * and whether labels have a colour.
 */
export interface LabelKind {
  feature: 'tags' | 'marks';
  // Both are built by one contract factory; marks only add the colour to the item and the input.
  api: typeof tagsApi | typeof marksApi;
  /** The friends screen's filter for friends that carry the label (bracket-form array parameter). */
  friendsParam: 'tag_ids[]' | 'mark_ids[]';
  coloured: boolean;
}

export const TAG_KIND: LabelKind = { feature: 'tags', api: tagsApi, friendsParam: 'tag_ids[]', coloured: false };
export const MARK_KIND: LabelKind = { feature: 'marks', api: marksApi, friendsParam: 'mark_ids[]', coloured: true };

/** A tag, or a mark with its colour. */
export type Label = Tag & Partial<Pick<Mark, 'color'>>;

/** What the create/edit form holds. */
export interface LabelFormValues {
  name: string;
  folder_id: number | null;
  color?: string;
}

/** Colours offered for marks (the picker takes any #RRGGBB): status-like hues that read on white. */
export const MARK_COLOURS = [
  '#F5222D',
  '#FA8C16',
  '#FADB14',
  '#52C41A',
  '#13C2C2',
  '#1677FF',
  '#722ED1',
  '#EB2F96',
  '#8C8C8C',
] as const;
export const DEFAULT_MARK_COLOUR = '#1677FF';

/** The friends screen listing the friends that carry this label. */
export const friendsPathOf = (kind: LabelKind, id: number) => `/service/friends?${kind.friendsParam}=${id}`;

/**
 * The body a create or update sends. Marks need a colour; a label keeps its sort_index on update,
 * and a new one gets 0 (listed by id after the others).
 */
export function labelBody(kind: LabelKind, values: LabelFormValues, existing?: Label) {
  return {
    name: values.name,
    folder_id: values.folder_id ?? null,
    sort_index: existing?.sort_index ?? 0,
    ...(kind.coloured ? { color: values.color ?? existing?.color ?? DEFAULT_MARK_COLOUR } : {}),
  };
}

/** The body that moves a label to another folder (or none), everything else unchanged. */
export const movedBody = (kind: LabelKind, label: Label, folderId: number | null) =>
  labelBody(kind, { name: label.name, folder_id: folderId, color: label.color }, label);

/**
 * The number of friends in a delete's 409 answer ("…は 3 人の友だちに付いています…"), so the second
 * confirmation can say it in the UI language; null when the message carries none.
 */
export function carriersOf(message: string): number | null {
  const match = /(\d+)\s*人/.exec(message) ?? /(\d+)/.exec(message);
  return match ? Number(match[1]) : null;
}
