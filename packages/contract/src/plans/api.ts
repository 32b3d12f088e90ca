import { z } from 'zod';
import { dataOf, id, idParams, listOf, pageQuery, timestamp } from '../common.ts';
import { endpoint, sessionOf } from '../http.ts';
import { planSavePayload } from './attributes.ts';
import { planAction, planDetail, planRefId, planTiming, planType, plan, scenarioTrigger } from './model.ts';
import { isValidNightWindow } from './schedule.ts';

/*
 * The plan endpoints (spec section 7 "Plans, analysis, templates", issues 14 and 15). Defined here
 * for the API and the console to share. plansApi (modules/plans), planAnalysisApi (modules/plan-analysis)
 * and sendPlanApi (modules/friend-plans) are served and, like every endpoint defined, in allEndpoints
 * (http.ts; the isolation test requires every endpoint to be served).
 */

export const PLAN_PAGE_SIZE = 20;

/** "true"/"false" in a query string as a boolean (absent: no filter). */
const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

export const planListQuery = z.object({
  folder_id: id.optional(),
  plan_type: planType.optional(),
  is_active: queryFlag,
  /** Name search (anywhere in the name, case-insensitive). */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PLAN_PAGE_SIZE),
});
export type PlanListQuery = z.input<typeof planListQuery>;

/** A plan as lists show it, with its headline figures. */
export const planListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  plan_type: planType,
  is_active: z.boolean(),
  folder_id: z.number().int().nullable(),
  scenario_trigger: scenarioTrigger,
  send_at: timestamp.nullable(),
  /**
   * A broadcast's delivery: scheduled (active, its time not come yet: 予約済み) or started (its
   * recipients were fixed and enrolled); null for other plans and broadcasts not active.
   */
  broadcast_state: z.enum(['scheduled', 'started']).nullable(),
  /** Friends in the plan now (enrolments not finished or stopped). */
  enrolled_count: z.number().int(),
  /** Messages the plan has sent (every box sent to a friend counts one). */
  sent_count: z.number().int(),
  /** Paused friends whose next send fell due while the plan was off: activation asks to send or skip them. */
  missed_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PlanListItem = z.infer<typeof planListItem>;

/** Plan save errors (spec section 8): keyed ({ "<key>": { description } }), or one text when not about a field. */
export const planErrors = z.record(z.string(), z.object({ description: z.string() }));

/**
 * The answer to a plan save (spec section 7: success, errors). On success errors is empty and id
 * names the saved plan; a 422 answers success false with keyed errors.
 */
export const planSaveAnswer = z.object({
  success: z.boolean(),
  errors: z.union([planErrors, z.string()]),
  id: z.number().int().nullable(),
});
export type PlanSaveAnswer = z.infer<typeof planSaveAnswer>;

/** Delete asks first: while friends wait in the plan, it answers 409 with their number unless end_waiting=true ends them. */
export const planDeleteQuery = z.object({ end_waiting: queryFlag.transform((value) => value ?? false) });
export const planDeleteAnswer = dataOf(z.object({ id: z.number().int(), ended_enrolments: z.number().int() }));

export const copyPlanInput = z.object({
  /** The folder the copy goes to (the original's when omitted). */
  folder_id: planRefId.nullable().optional(),
});

export const MISSED_SEND_CHOICES = ['send', 'skip'] as const;
export type MissedSendChoice = (typeof MISSED_SEND_CHOICES)[number];
/**
 * Activation. missed_sends: what happens to sends that fell due while the plan was paused (asked
 * when there are any: send them now or skip them). allow_partial_send: a broadcast that would
 * overrun the channel's monthly quota is refused unless the user confirms sending to as many as fit.
 */
export const activatePlanInput = z.object({
  missed_sends: z.enum(MISSED_SEND_CHOICES).optional(),
  allow_partial_send: z.boolean().default(false),
});
export type ActivatePlanInput = z.input<typeof activatePlanInput>;

/** What a broadcast would take, shown before it is activated. */
export const broadcastForecast = z.object({
  /** Friends the target matches now. */
  recipients: z.number().int(),
  /** Message objects per recipient (the boxes a broadcast sends at once). */
  messages_per_recipient: z.number().int(),
  total_messages: z.number().int(),
  /** The channel's remaining monthly quota as LINE reports it; null when LINE sets no limit. */
  quota_remaining: z.number().int().nullable(),
  exceeds_quota: z.boolean(),
  /** How long LINE's rate limits make the send take. */
  estimated_seconds: z.number(),
});
export type BroadcastForecast = z.infer<typeof broadcastForecast>;

/** What a change to a plan did, as its history shows it (safe live editing, issue 15). */
export const PLAN_HISTORY_KINDS = [
  'created',
  'saved',
  'activated',
  'deactivated',
  'resumed_sending_missed',
  'resumed_skipping_missed',
  'timing_changed',
  'box_removed',
  'enrolments_ended',
] as const;
export type PlanHistoryKind = (typeof PLAN_HISTORY_KINDS)[number];

/**
 * What a change of a plan was, by its kind, as facts the console words in the user's language: counts
 * (`boxes`, `timings`, `added_boxes`, `removed_boxes`, `timings_before`, `friends`) and names
 * (`copied_from`, `friend`). An entry written before history was kept this way has its text as `text`.
 */
export const planHistoryParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type PlanHistoryParams = z.infer<typeof planHistoryParams>;

/** One change of a plan: who (null once the user is deleted, or the engine), when, what, how many friends it moved. */
export const planHistoryItem = z.object({
  id: z.number().int(),
  kind: z.enum(PLAN_HISTORY_KINDS),
  params: planHistoryParams,
  affected_count: z.number().int(),
  user_name: z.string().nullable(),
  created_at: timestamp,
});
export type PlanHistoryItem = z.infer<typeof planHistoryItem>;

export const TIME_OF_DAY_MESSAGE = '時刻は「22:00」のように HH:MM で指定してください';
export const NIGHT_WINDOW_SAME_MESSAGE = '配信停止の開始と終了には異なる時刻を指定してください';
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_OF_DAY_MESSAGE);

/** The channel's "no sends at night" window, in the account's time zone (while off: the times offered when it is turned on). */
export const nightWindowSetting = z.object({ enabled: z.boolean(), start: timeOfDay, end: timeOfDay });
export type NightWindowSetting = z.infer<typeof nightWindowSetting>;
/** The window offered when a channel has never set one. */
export const DEFAULT_NIGHT_WINDOW = { start: '22:00', end: '09:00' } as const;

/** The channel's plan settings: the scenario run when a friend is added (set in that plan), and the night window. */
export const planSettings = z.object({
  friend_added_plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  night_window: nightWindowSetting,
});
export type PlanSettings = z.infer<typeof planSettings>;

/**
 * A scenario trigger there is: its kind, and what it names when it names something (the editor
 * lists the channel's items from `list_path`, a list endpoint answering `{ data: [{ id, name }] }`).
 */
export const planTriggerInfo = z.object({
  kind: scenarioTrigger,
  ref: z.object({ list_path: z.string(), required_message: z.string() }).nullable(),
});
export type PlanTriggerInfo = z.infer<typeof planTriggerInfo>;
/** What a trigger's `list_path` answers: the channel's items by id and name (other fields are kept as they come). */
export const triggerRefItems = z.object({
  data: z.array(z.looseObject({ id: z.number().int(), name: z.string() })),
});

export const planSettingsInput = z.object({
  night_window: nightWindowSetting.refine(isValidNightWindow, { message: NIGHT_WINDOW_SAME_MESSAGE, path: ['end'] }),
});
export type PlanSettingsInput = z.input<typeof planSettingsInput>;

const access = sessionOf('service');
const viewPlans = { feature: 'plans', level: 'view' } as const;
const editPlans = { feature: 'plans', level: 'edit' } as const;

export const plansApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/plans',
    summary: "The channel's plans (folder, type, active, name search) with friends enrolled now and messages sent",
    access,
    permission: viewPlans,
    query: planListQuery,
    response: listOf(planListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/service/plans/:id',
    summary: 'One plan with its boxes and timings (plan, plan_actions, plan_timings)',
    access,
    permission: viewPlans,
    params: idParams,
    response: planDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/service/plans',
    summary: 'Create a plan (multipart/form-data in the plan save format, read with parsePlanFormData)',
    access,
    permission: editPlans,
    body: planSavePayload,
    response: planSaveAnswer,
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/service/plans/:id',
    summary: 'Save a plan (multipart/form-data); saved boxes keep their ids',
    access,
    permission: editPlans,
    params: idParams,
    body: planSavePayload,
    response: planSaveAnswer,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/service/plans/:id',
    summary: 'Delete a plan; refused (409) while friends wait in it unless end_waiting=true',
    access,
    permission: editPlans,
    params: idParams,
    query: planDeleteQuery,
    response: planDeleteAnswer,
  }),
  copy: endpoint({
    method: 'POST',
    path: '/service/plans/:id/copy',
    summary: 'Copy a plan (name + "のコピー", inactive)',
    access,
    permission: editPlans,
    params: idParams,
    body: copyPlanInput,
    response: planDetail,
    successStatus: 201,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/service/plans/:id/activate',
    summary: 'Activate a plan (missed sends: send or skip; a broadcast over the quota needs allow_partial_send)',
    access,
    permission: editPlans,
    params: idParams,
    body: activatePlanInput,
    response: dataOf(planListItem),
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/service/plans/:id/deactivate',
    summary: 'Deactivate a plan: its enrolments pause',
    access,
    permission: editPlans,
    params: idParams,
    response: dataOf(planListItem),
  }),
  history: endpoint({
    method: 'GET',
    path: '/service/plans/:id/history',
    summary: "A plan's history, newest first: who changed what, when, and how many friends it moved",
    access,
    permission: viewPlans,
    params: idParams,
    query: pageQuery,
    response: listOf(planHistoryItem),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/service/plan_settings',
    summary: "The channel's plan settings: the friend-added scenario and the night window",
    access,
    permission: viewPlans,
    response: dataOf(planSettings),
  }),
  triggers: endpoint({
    method: 'GET',
    path: '/service/plan_triggers',
    summary: 'The scenario triggers there are (the built-in ones and those modules register), and what each names',
    access,
    permission: viewPlans,
    response: dataOf(z.array(planTriggerInfo)),
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/service/plan_settings',
    summary: "Set the channel's night window (sends due inside it wait until it ends)",
    access,
    permission: editPlans,
    body: planSettingsInput,
    response: dataOf(planSettings),
  }),
  forecast: endpoint({
    method: 'GET',
    path: '/service/plans/:id/forecast',
    summary: "A broadcast's recipients, messages against the monthly quota and send time",
    access,
    permission: viewPlans,
    params: idParams,
    response: dataOf(broadcastForecast),
  }),
};

export const ENROLMENT_STATUSES = ['active', 'paused', 'finished', 'stopped'] as const;
/**
 * Why an enrolment ended other than by finishing, as a code the console words: staff stopped it, the
 * box it waited at was removed, its box with options was skipped on reactivation, a newer auto-reply
 * replaced it, or its message could not be sent.
 */
export const ENROLMENT_END_REASONS = [
  'stopped_by_staff',
  'box_removed',
  'skipped_wait',
  'replaced_by_new_reply',
  'not_sent',
] as const;
export type EnrolmentEndReason = (typeof ENROLMENT_END_REASONS)[number];
/**
 * What enrolled a friend in a plan: a scenario trigger's kind (manual for staff's send_plan), or
 * `broadcast` or `auto_reply`.
 */
export const enrolmentTrigger = z.string().min(1).max(40);
export type EnrolmentTrigger = string;

/** One enrolment of a friend in a plan, as the friend's plans list it. */
export const friendPlan = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  plan_type: planType,
  status: z.enum(ENROLMENT_STATUSES),
  /** The box the friend waits at (or was last sent). */
  current_box_id: z.string().nullable(),
  /** The next send's due time, when one is scheduled. */
  next_action_at: timestamp.nullable(),
  started_at: timestamp,
  ended_at: timestamp.nullable(),
  /** Why it ended early: an ENROLMENT_END_REASONS code (stopped by staff, its box removed …); an older entry's own text. */
  end_reason: z.string().nullable(),
});
export type FriendPlan = z.infer<typeof friendPlan>;

export const sendPlanInput = z.object({ plan_id: planRefId });
export type SendPlanInput = z.input<typeof sendPlanInput>;

/** POST /service/friends/{id}/send_plan answers the friend's current plans, as friennd_plans (spelled so). */
export const sendPlanAnswer = dataOf(z.object({ id: z.number().int(), friennd_plans: z.array(friendPlan) }));

export const sendPlanApi = {
  sendPlan: endpoint({
    method: 'POST',
    path: '/service/friends/:id/send_plan',
    summary: "Start a scenario for the friend, or send a broadcast to the friend alone; answers the friend's plans",
    access,
    permission: editPlans,
    params: idParams,
    body: sendPlanInput,
    response: sendPlanAnswer,
    successStatus: 201,
  }),
};

/** Percent helper (spec section 9): part of whole in percent, 0 when the whole is 0; one decimal. */
export function percentOf(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/** The percent as text: "0%" when the whole is 0. */
export function formatPercent(part: number, whole: number): string {
  return `${percentOf(part, whole)}%`;
}

/** One option's figures: how many friends tapped it, against those the box was sent to. */
export const optionFigures = z.object({
  /** The option's message action item id (what a tap records). */
  id: z.number().int().nullable(),
  /** The option's child box (null when it has none). */
  box_id: z.string().nullable(),
  label: z.string(),
  taps: z.number().int(),
  /** percentOf(taps, the box's sent). */
  tap_rate: z.number(),
  /** A web link option: openings of the friends' tracked links to it (0 for any other option). */
  clicks: z.number().int(),
  /** … and the friends who opened it. */
  click_friends: z.number().int(),
});

export const boxFigures = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  /** Friends waiting at the box now who still follow the channel. */
  waiting: z.number().int(),
  /** Friends at the box who blocked the channel (nothing can reach them): counted apart from the waiting. */
  blocked: z.number().int(),
  /** Openings of the box's tracked links (all its web links, options or not). */
  clicks: z.number().int(),
  /** Friends who opened any of the box's links, each once. */
  click_friends: z.number().int(),
  options: z.array(optionFigures),
});
export type BoxFigures = z.infer<typeof boxFigures>;

export const planAnalysisQuery = z.object({
  /** Sends and taps from this day (YYYY-MM-DD, account time zone) … */
  from: z.iso.date().optional(),
  /** … until this day, included. */
  to: z.iso.date().optional(),
  /** friends and profiles: only those waiting at this box. */
  box_id: z.string().trim().min(1).max(50).optional(),
});
export type PlanAnalysisQuery = z.input<typeof planAnalysisQuery>;

/** At most this many friends (those due soonest first) come with the analysis; the box figures count them all. */
export const PLAN_ANALYSIS_FRIENDS_MAX = 1000;

/** A friend in the plan now, where they wait. */
export const planAnalysisFriend = z.object({
  id: z.number().int(),
  enrolment_id: z.number().int(),
  box_id: z.string().nullable(),
  next_action_at: timestamp.nullable(),
  /** The friend blocked the channel: in the plan, but nothing reaches them. */
  blocked: z.boolean(),
});

/** The profile shown for a friend (the picture only with the personal-data authority). */
export const planAnalysisProfile = z.object({
  id: z.number().int(),
  display_name: z.string(),
  picture_url: z.string().nullable(),
});
export type PlanAnalysisProfile = z.infer<typeof planAnalysisProfile>;

/** GET /service/plan_analysis/{id} (spec section 7): plan, plan_actions (with figures), plan_timings, profiles, friends. */
export const planAnalysisDetail = z.object({
  plan,
  plan_actions: z.array(planAction.extend({ figures: boxFigures })),
  plan_timings: z.array(planTiming),
  profiles: z.array(planAnalysisProfile),
  friends: z.array(planAnalysisFriend),
});
export type PlanAnalysisDetail = z.infer<typeof planAnalysisDetail>;

export const planAnalysisListItem = planListItem.extend({
  /** Sends LINE refused (the delivery's recipient failed). */
  failed_count: z.number().int(),
  /** Friends who went through the plan to its end. */
  finished_count: z.number().int(),
});
export type PlanAnalysisListItem = z.infer<typeof planAnalysisListItem>;

const viewAnalysis = { feature: 'plan_analysis', level: 'view' } as const;

export const planAnalysisApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/plan_analysis',
    summary: 'Every plan of the channel with its headline figures',
    access,
    permission: viewAnalysis,
    query: planListQuery,
    response: listOf(planAnalysisListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/service/plan_analysis/:id',
    summary: "A plan's diagram with per-box and per-option figures and the friends at each box",
    access,
    permission: viewAnalysis,
    params: idParams,
    query: planAnalysisQuery,
    response: planAnalysisDetail,
  }),
};
