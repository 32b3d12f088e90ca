import {
  emptyMessage,
  modelPath,
  type MessageTemplateState,
  type TemplateDetail,
  type ValidationErrors,
} from '@linq/contract';

/** The editor's state of a template as the server answered it (its one box holds the message). */
export function templateStateOf(detail: TemplateDetail): MessageTemplateState {
  const { plan, plan_actions } = detail;
  return {
    id: plan.id,
    message: plan_actions[0]?.message ?? emptyMessage(plan.message_type),
    template: { name: plan.name, folder_id: plan.folder_id },
  };
}

/** What "unsaved changes" compares: the template without the builder's client keys. */
export const snapshotOf = (state: MessageTemplateState): string =>
  JSON.stringify(state, (key, value: unknown) => (key === 'form_random_id' ? undefined : value));

const NAME_ERROR_KEYS = ['template_attributes.name', 'name'];
const FOLDER_ERROR_KEYS = ['template_attributes.folder_id', 'folder_id'];

export interface SaveErrors {
  name: string[];
  folder: string[];
  /** Keyed by save-format path, for the message builder to show on its fields. */
  message: ValidationErrors;
  /** Messages that name no field of the editor. */
  others: string[];
}

/** A save's 422 answer split into the name and folder fields, the message's fields and the rest. */
export function splitSaveErrors(errors: ValidationErrors): SaveErrors {
  const split: SaveErrors = { name: [], folder: [], message: {}, others: [] };
  for (const [key, value] of Object.entries(errors)) {
    if (NAME_ERROR_KEYS.includes(key)) split.name.push(value.description);
    else if (FOLDER_ERROR_KEYS.includes(key)) split.folder.push(value.description);
    else if (modelPath(key) !== null) split.message[key] = value;
    else split.others.push(value.description);
  }
  return split;
}
