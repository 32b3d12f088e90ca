import { z } from 'zod';
import { idNumber, optionalText, requiredText, timestamp } from '../common.ts';

/*
 * Answer forms (issue 25, DESIGN.md section 6): a form's definition (fields, settings, actions on
 * answer), shared by the builder, the public /form page and the server, which validates answers
 * with the same rules (validate.ts).
 */

export const FORM_NAME_MAX = 100;
export const FORM_TITLE_MAX = 200;
export const FORM_DESCRIPTION_MAX = 5000;
export const FORM_FIELDS_MAX = 100;
export const FORM_OPTIONS_MAX = 100;
export const FORM_LABEL_MAX = 500;
export const FORM_HELP_MAX = 2000;
export const FORM_PLACEHOLDER_MAX = 200;
export const FORM_OPTION_LABEL_MAX = 200;
export const FORM_THANK_YOU_MAX = 2000;
export const FORM_AFTER_TEXT_MAX = 5000;
/** What one answer to a text field may hold at most (whatever the field's own limit says). */
export const FORM_TEXT_ANSWER_MAX = 5000;
export const FORM_PAGE_SIZE = 20;
export const FORM_ANSWER_PAGE_SIZE = 20;
/** A stable key of a field or an option: survives renames and reordering; answers are stored by it. */
export const FORM_KEY_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const FORM_FIELD_TYPES = [
  'heading',
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'date',
  'time',
  'select',
  'radio',
  'checkbox',
  'prefecture',
  'address',
  'consent',
  'image',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
/** Field types whose answer is one or several of the field's options. */
export const FORM_CHOICE_TYPES = ['select', 'radio', 'checkbox'] as const satisfies readonly FormFieldType[];
export const isChoiceType = (type: FormFieldType): boolean => (FORM_CHOICE_TYPES as readonly string[]).includes(type);

/** Checks a single-line text field may apply (phone: hyphens removed before saving; postal_code: 7 digits). */
export const FORM_TEXT_CHECKS = ['katakana', 'email', 'phone', 'integer', 'date', 'time', 'postal_code'] as const;
export type FormTextCheck = (typeof FORM_TEXT_CHECKS)[number];

const key = z.string().regex(FORM_KEY_PATTERN, { message: '半角英数字・-・_ の40文字以内で指定してください' });
const ids = z.array(idNumber).max(100).default([]);
const scoreDelta = z.number().int().min(-1_000_000).max(1_000_000).default(0);

/** What an answer does to its friend (anonymous answers do nothing): per form, and per option chosen. */
export const formActions = z.object({
  add_tag_ids: ids,
  remove_tag_ids: ids,
  add_mark_ids: ids,
  remove_mark_ids: ids,
  /** A plan started for the friend. */
  plan_id: idNumber.nullable().default(null),
  /** The friend's own rich menu switched to this one (it must be published). */
  rich_menu_id: idNumber.nullable().default(null),
  /** Added to the friend's score (negative subtracts). */
  score: scoreDelta,
});
export type FormActions = z.infer<typeof formActions>;
export const NO_FORM_ACTIONS: FormActions = {
  add_tag_ids: [],
  remove_tag_ids: [],
  add_mark_ids: [],
  remove_mark_ids: [],
  plan_id: null,
  rich_menu_id: null,
  score: 0,
};

export const formOption = z.object({
  key,
  label: requiredText(FORM_OPTION_LABEL_MAX),
  actions: formActions.default(NO_FORM_ACTIONS),
});
export type FormOption = z.infer<typeof formOption>;

/**
 * Where an answer is also written on the friend: a friend info field, the console's name for the
 * friend (display_name, the override of the LINE name) or the friend's notes.
 */
export const formMapping = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('info_field'), field_id: idNumber }),
  z.object({ kind: z.literal('display_name') }),
  z.object({ kind: z.literal('notes') }),
]);
export type FormMapping = z.infer<typeof formMapping>;

/**
 * Show a field only when an earlier field's answer meets this: `equals` (the answer is the option
 * key, or the text, `value`), `includes` (a checkbox answer includes the option key `value`),
 * `answered` (anything answered).
 */
export const FORM_CONDITION_OPERATORS = ['equals', 'includes', 'answered'] as const;
export type FormConditionOperator = (typeof FORM_CONDITION_OPERATORS)[number];
export const formCondition = z.object({
  field_key: key,
  operator: z.enum(FORM_CONDITION_OPERATORS),
  value: z.string().trim().max(FORM_OPTION_LABEL_MAX).default(''),
});
export type FormCondition = z.infer<typeof formCondition>;

const limit = z.number().int().min(0).max(1_000_000_000).nullable().default(null);
const bound = z.number().min(-1e12).max(1e12).nullable().default(null);

export const formField = z.object({
  key,
  type: z.enum(FORM_FIELD_TYPES),
  /** The question (for a heading: its title). */
  label: requiredText(FORM_LABEL_MAX),
  /** Help below the label (for a heading: its text). */
  help: optionalText(FORM_HELP_MAX).default(''),
  required: z.boolean().default(false),
  placeholder: optionalText(FORM_PLACEHOLDER_MAX).default(''),
  /** Characters (text, textarea, email, phone). */
  min_length: limit,
  max_length: limit,
  /** Number fields' range; for checkboxes the number of choices. */
  min_value: bound,
  max_value: bound,
  /** Choices of select, radio and checkbox (empty for others). */
  options: z.array(formOption).max(FORM_OPTIONS_MAX).default([]),
  mapping: formMapping.nullable().default(null),
  /** Single-line text only. */
  check: z.enum(FORM_TEXT_CHECKS).nullable().default(null),
  condition: formCondition.nullable().default(null),
});
export type FormField = z.infer<typeof formField>;
export type FormFieldInput = z.input<typeof formField>;

/** The LINE message sent to the friend after answering: none, a template of the channel, or a text. */
export const formAfterMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('template'), template_id: idNumber }),
  z.object({ kind: z.literal('text'), text: requiredText(FORM_AFTER_TEXT_MAX) }),
]);
export type FormAfterMessage = z.infer<typeof formAfterMessage>;

const when = z.iso.datetime({ offset: true, message: '日時の形式が正しくありません' });
export const FORM_PERIOD_MESSAGE = '終了日時は開始日時より後にしてください';

export const formSettings = z.object({
  /** Half-open [opens_at, closes_at); either may be open. */
  opens_at: when.nullable().default(null),
  closes_at: when.nullable().default(null),
  /** Answers accepted in all (null: no limit). */
  max_answers: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
  /** One answer per friend (true) or several. */
  once_per_friend: z.boolean().default(true),
  /** A friend may change their answer (with once_per_friend: the previous answer is shown to edit). */
  editable: z.boolean().default(false),
  /** Anyone with the form's public address may answer, without a friend link (no actions run). */
  allow_anonymous: z.boolean().default(false),
  thank_you_message: optionalText(FORM_THANK_YOU_MAX).default(''),
  /** Where the page goes after answering (null: it shows the thank-you message). */
  redirect_url: z
    .url({ protocol: /^https?$/, message: 'URLを入力してください' })
    .nullable()
    .default(null),
  after_message: formAfterMessage.default({ kind: 'none' }),
});
export type FormSettings = z.infer<typeof formSettings>;

export const formInput = z
  .object({
    name: requiredText(FORM_NAME_MAX),
    folder_id: idNumber.nullable().default(null),
    /** What the public page shows as the form's heading. */
    title: requiredText(FORM_TITLE_MAX),
    description: optionalText(FORM_DESCRIPTION_MAX).default(''),
    fields: z.array(formField).max(FORM_FIELDS_MAX, { message: `項目は${FORM_FIELDS_MAX}個までです` }),
    settings: formSettings.default(formSettings.parse({})),
    /** Actions of every answer (per-option ones are on the options). */
    actions: formActions.default(NO_FORM_ACTIONS),
  })
  .superRefine((form, check) => {
    const seen = new Set<string>();
    for (const [index, field] of form.fields.entries()) {
      if (seen.has(field.key))
        check.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: '項目のキーが重複しています' });
      seen.add(field.key);
      const optionKeys = new Set<string>();
      for (const [optionIndex, option] of field.options.entries()) {
        if (optionKeys.has(option.key))
          check.addIssue({
            code: 'custom',
            path: ['fields', index, 'options', optionIndex, 'key'],
            message: '選択肢のキーが重複しています',
          });
        optionKeys.add(option.key);
      }
      if (isChoiceType(field.type) && field.options.length === 0)
        check.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: '選択肢を追加してください' });
      if (field.check !== null && field.type !== 'text')
        check.addIssue({
          code: 'custom',
          path: ['fields', index, 'check'],
          message: '入力チェックは1行テキストにだけ指定できます',
        });
      if (field.condition !== null) {
        const earlier = form.fields.slice(0, index).find((other) => other.key === field.condition?.field_key);
        if (!earlier)
          check.addIssue({
            code: 'custom',
            path: ['fields', index, 'condition', 'field_key'],
            message: '表示条件には前にある項目を指定してください',
          });
      }
      if (field.min_length !== null && field.max_length !== null && field.min_length > field.max_length)
        check.addIssue({
          code: 'custom',
          path: ['fields', index, 'max_length'],
          message: '最大は最小以上にしてください',
        });
      if (field.min_value !== null && field.max_value !== null && field.min_value > field.max_value)
        check.addIssue({
          code: 'custom',
          path: ['fields', index, 'max_value'],
          message: '最大は最小以上にしてください',
        });
    }
    const { opens_at, closes_at } = form.settings;
    if (opens_at && closes_at && Date.parse(closes_at) <= Date.parse(opens_at))
      check.addIssue({ code: 'custom', path: ['settings', 'closes_at'], message: FORM_PERIOD_MESSAGE });
  });
export type FormInput = z.input<typeof formInput>;
export type FormDefinition = Pick<z.infer<typeof formInput>, 'fields'>;

/**
 * Where a form stands now: `scheduled` before opens_at, `open`, `closed` after closes_at, `full`
 * once max_answers answers are in.
 */
export const FORM_STATES = ['scheduled', 'open', 'closed', 'full'] as const;
export type FormState = (typeof FORM_STATES)[number];

export const form = z.object({
  id: z.number().int(),
  name: z.string(),
  folder_id: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  fields: z.array(formField),
  settings: formSettings,
  actions: formActions,
  answer_count: z.number().int(),
  state: z.enum(FORM_STATES),
  /**
   * The public page for anonymous answers (`/form?c=<code>`), null unless the form allows them.
   * Friends get their own signed link through the message variable `{{form:<id>}}`.
   */
  public_path: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Form = z.infer<typeof form>;

/** What one answer to a field is, once validated and normalised (by field key). */
export const formAddress = z.object({
  postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  rest: z.string(),
});
export type FormAddress = z.infer<typeof formAddress>;
/**
 * text-like, select, radio, prefecture, date (YYYY-MM-DD), time (HH:MM): a string (choices: the
 * option key); number: a number; checkbox: option keys; consent: true; address: its parts; image:
 * the upload's token (from the upload endpoint).
 */
export const formValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), formAddress]);
export type FormValue = z.infer<typeof formValue>;
export type FormValues = Record<string, FormValue>;
/** What a client sends: anything per key (the form's rules decide). */
export const formValuesInput = z.record(z.string().max(40), z.unknown());

/** One answered question as staff read it: the label at answering time and the answer as text. */
export const formAnswerItem = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  /** The answer as text (choices by their labels, joined with 、; address in one line). */
  text: z.string(),
  /** An image answer's address for the console (null otherwise). */
  image_url: z.string().nullable(),
});
export type FormAnswerItem = z.infer<typeof formAnswerItem>;

export const formAnswer = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  form_name: z.string(),
  /** The friend who answered (null: anonymous). */
  friend: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  values: z.record(z.string(), formValue),
  items: z.array(formAnswerItem),
  answered_at: timestamp,
  /** When the friend last changed the answer (null: never). */
  edited_at: timestamp.nullable(),
});
export type FormAnswer = z.infer<typeof formAnswer>;

/** Per question: how many answers it got and, for choices, per option (in the field's order). */
export const formQuestionSummary = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  answered_count: z.number().int(),
  options: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type FormQuestionSummary = z.infer<typeof formQuestionSummary>;
export const formSummary = z.object({
  answer_count: z.number().int(),
  questions: z.array(formQuestionSummary),
});
export type FormSummary = z.infer<typeof formSummary>;

/** A recorded change of a form: who, when, and its actions before and after. */
export const FORM_HISTORY_KINDS = ['created', 'actions_changed'] as const;
export const formActionSnapshot = z.object({
  form: formActions,
  options: z.array(
    z.object({
      field_key: z.string(),
      field_label: z.string(),
      option_key: z.string(),
      option_label: z.string(),
      actions: formActions,
    }),
  ),
});
export type FormActionSnapshot = z.infer<typeof formActionSnapshot>;
export const formHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.enum(FORM_HISTORY_KINDS),
  /** Who changed it (null: the system, e.g. the demo seed). */
  actor_name: z.string().nullable(),
  at: timestamp,
  /** Actions before (null when created) and after the change. */
  before: formActionSnapshot.nullable(),
  after: formActionSnapshot,
});
export type FormHistoryEntry = z.infer<typeof formHistoryEntry>;

/** The web's public route of forms. */
export const FORM_PAGE_ROUTE = '/form';
/** A friend's signed link to a form (its token binds form and friend, and expires). */
export const formFriendPath = (token: string) => `${FORM_PAGE_ROUTE}?t=${encodeURIComponent(token)}`;
/** A form's public address for anonymous answers. */
export const formPublicPath = (code: string) => `${FORM_PAGE_ROUTE}?c=${encodeURIComponent(code)}`;
/** Where the console shows one answer (the talk entry links here). */
export const formAnswerConsolePath = (formId: number, answerId: number) =>
  `/service/forms/${formId}?answer=${answerId}`;

/**
 * What the public page finds: `open` (answer it), `scheduled`/`closed` (outside the period), `full`,
 * `expired` (the friend's link is too old), `answered` (once per friend, not editable).
 */
export const FORM_PUBLIC_STATES = ['open', 'scheduled', 'closed', 'full', 'expired', 'answered'] as const;
export type FormPublicState = (typeof FORM_PUBLIC_STATES)[number];
export const publicForm = z.object({
  state: z.enum(FORM_PUBLIC_STATES),
  title: z.string(),
  description: z.string(),
  /** The fields (empty unless the state is open). */
  fields: z.array(formField),
  /** The friend's previous answer to edit (editable forms answered once per friend), null otherwise. */
  previous: z.record(z.string(), formValue).nullable(),
  /** Whether the page answers as a friend (signed link) or anonymously. */
  anonymous: z.boolean(),
});
export type PublicForm = z.infer<typeof publicForm>;
/** Who is answering: a friend's signed link token `t`, or the form's public code `c` (anonymous). */
export const publicFormQuery = z.object({
  t: z.string().max(512).optional(),
  c: z.string().max(64).optional(),
});
export const publicAnswerInput = publicFormQuery.extend({
  /** Generated by the page once per submission: a repeated submit with it is saved once. */
  submission_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: '送信IDが正しくありません' }),
  values: formValuesInput,
});
export type PublicAnswerInput = z.input<typeof publicAnswerInput>;
export const publicAnswerResult = z.object({
  thank_you_message: z.string(),
  redirect_url: z.string().nullable(),
});
export type PublicAnswerResult = z.infer<typeof publicAnswerResult>;
export const publicUpload = z.object({
  /** Send this as the image field's value. */
  token: z.string(),
});

/**
 * A friend's answer in their talk: an incoming entry of this type whose content is
 * `{ text: 「フォームに回答しました」, form_id, form_name, answer_id, path }`, `path` the console page
 * showing the answer (formAnswerConsolePath).
 */
export const FORM_ANSWER_TALK_TYPE = 'form_answer';
export const FORM_ANSWERED_TALK_TEXT = 'フォームに回答しました';
/** The plan engine's scenario trigger "a form is answered" (its ref: the form). */
export const FORM_ANSWERED_TRIGGER = 'form_answered';
