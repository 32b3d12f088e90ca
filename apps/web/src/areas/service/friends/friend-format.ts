import {
  allowsEndpoint,
  friendsApi,
  infoFieldsApi,
  inflowsApi,
  marksApi,
  tagsApi,
  talksApi,
  type Permissions,
  type TalkMessage,
} from '@linq/contract';

/** The first character of a name (a whole emoji or surrogate pair), for an avatar without a picture. */
export function initialOf(name: string): string {
  const [first] = Array.from(name.trim());
  return first ? first.toUpperCase() : '?';
}

/** What the friend screens let this user do; each check is the permission of the endpoint it calls. */
export function friendAbilities(permissions: Permissions | null | undefined) {
  const may = (endpoint: { permission?: Parameters<typeof allowsEndpoint>[1] }) =>
    Boolean(permissions && endpoint.permission && allowsEndpoint(permissions, endpoint.permission));
  return {
    editFriends: may(friendsApi.update),
    editInfoFields: may(infoFieldsApi.create),
    viewTags: may(tagsApi.list),
    editTags: may(tagsApi.addFriends),
    viewMarks: may(marksApi.list),
    editMarks: may(marksApi.addFriends),
    viewTalks: may(talksApi.history),
    viewInflows: may(inflowsApi.list),
    /** CSV export needs the exports feature and the personal-data capability. */
    exportCsv: may(friendsApi.exportCsv) && Boolean(permissions?.personal_data),
  };
}
export type FriendAbilities = ReturnType<typeof friendAbilities>;

/** A talk message's text when it has one (rendered as text, never as HTML); null for other types. */
export function talkMessageText(message: Pick<TalkMessage, 'type' | 'content'>): string | null {
  const text = message.content.text;
  return message.type === 'text' && typeof text === 'string' ? text : null;
}

/** Splits ids into chunks the bulk label endpoints accept. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
