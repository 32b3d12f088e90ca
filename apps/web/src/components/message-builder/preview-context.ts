import { formIdsIn, infoVariable, NAME_VARIABLE, type BuilderMessage, type MessageContext } from '@linq/contract';

const INFO_TOKEN = /\{\{info:(\d+)\}\}/g;

/**
 * What the preview fills the variables with: a sample friend's name, and each friend info field
 * shown by its name in 【】 (a field the builder does not know by its id), so the staff see where
 * each value will go.
 */
export function sampleContext(
  message: BuilderMessage,
  sample: {
    friendName: string;
    infoFields: readonly { id: number; name: string }[];
    unknownField: (id: number) => string;
    /** What stands for a form variable's link (the friend's own link is made when sending). */
    formLink?: (id: number) => string;
  },
): MessageContext {
  const infoValues: Record<number, string> = {};
  for (const field of sample.infoFields) infoValues[field.id] = `【${field.name}】`;
  // Every text of the message may hold a variable; reading them from the JSON finds them all.
  for (const match of JSON.stringify(message).matchAll(INFO_TOKEN)) {
    const id = Number(match[1]);
    infoValues[id] ??= `【${sample.unknownField(id)}】`;
  }
  const context: MessageContext = { friendName: sample.friendName, infoValues };
  if (!sample.formLink) return context;
  const formLinks: Record<number, string> = {};
  for (const id of formIdsIn(JSON.stringify(message))) formLinks[id] = sample.formLink(id);
  return { ...context, formLinks };
}

/**
 * A context that fills every variable with its own token, so a text derived from the message (the
 * notification text's placeholder) shows the variables as typed rather than empty.
 */
export function tokenContext(message: BuilderMessage): MessageContext {
  const infoValues: Record<number, string> = {};
  for (const match of JSON.stringify(message).matchAll(INFO_TOKEN)) {
    const id = Number(match[1]);
    infoValues[id] = infoVariable(id);
  }
  return { friendName: NAME_VARIABLE, infoValues };
}
