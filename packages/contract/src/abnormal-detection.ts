import { z } from 'zod';
import { dataOf, idParams, listOf, optionalText, pageQuery, timestamp } from './common.ts';
import { endpoint, sessionOf } from './http.ts';

/*
 * Abnormal detection (issue 27, DESIGN.md section 6): detectors in the worker raise incidents from
 * the channel's roll-ups and from what LINE reports; staff see, acknowledge and resolve them here.
 */

export const INCIDENT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
/** The detectors the console ships; later features contribute more (their kind is a plain string then). */
export const DETECTOR_KINDS = [
  'delivery_failure_rate',
  'block_spike',
  'webhook_silence',
  'signature_failures',
  'quota',
  'rate_limited',
  'webhook_takeover',
  'scheduler_lag',
  'plan_stopped',
  'credentials_invalid',
] as const;
export type DetectorKind = (typeof DETECTOR_KINDS)[number];
export const TIMELINE_KINDS = ['raised', 'updated', 'acknowledged', 'resolved'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const AFFECTED_KINDS = ['plan', 'friend', 'delivery'] as const;

/** The roll-up metrics (hourly counts per channel) a chart can show. */
export const METRIC_NAMES = [
  'follows',
  'blocks',
  'sends_ok',
  'sends_failed',
  'webhook_events',
  'signature_failures',
  'rate_limited',
  'quota_refused',
  'unauthorized',
  'line_unavailable',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/** Figures of an incident: numbers or short texts (a broadcast's name, LINE's failure reason). */
export const incidentFigures = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export type IncidentFigures = z.infer<typeof incidentFigures>;

export const affectedItem = z.object({
  kind: z.enum(AFFECTED_KINDS),
  id: z.number().int(),
  label: z.string(),
  /** A count beside it (friends waiting in a plan, recipients of a broadcast). */
  count: z.number().int().nullable(),
});
export type AffectedItem = z.infer<typeof affectedItem>;

export const incident = z.object({
  id: z.number().int(),
  detector: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  first_seen_at: timestamp,
  last_seen_at: timestamp,
  resolved_at: timestamp.nullable(),
  figures: incidentFigures,
  affected: z.array(affectedItem),
  metric: z.enum(METRIC_NAMES),
});
export type Incident = z.infer<typeof incident>;

export const timelineEntry = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: timestamp,
  comment: z.string(),
  /** The staff member who acted (null: the detector). */
  by: z.string().nullable(),
  figures: incidentFigures,
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const metricPoint = z.object({ at: timestamp, value: z.number() });
export const incidentDetail = incident.extend({
  timeline: z.array(timelineEntry),
  /** The incident's metric per hour, from a day before it began to now (or a day after it ended). */
  series: z.array(metricPoint),
});
export type IncidentDetail = z.infer<typeof incidentDetail>;

export const incidentListQuery = pageQuery.extend({
  status: z.enum(INCIDENT_STATUSES).optional(),
  severity: z.enum(INCIDENT_SEVERITIES).optional(),
  detector: z.string().max(64).optional(),
  /** Incidents seen on or after / before these instants. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type IncidentListQuery = z.infer<typeof incidentListQuery>;

export const incidentComment = z.object({ comment: optionalText(1000).default('') });

const int = (min: number, max: number) => z.number().int().min(min).max(max);
/** Per-channel thresholds of the detectors; every field has a default (DEFAULT_THRESHOLDS). */
export const detectionThresholds = z.object({
  /** Delivery failure rate: failed/(sent+failed) over the last hours, in percent, with a minimum of sends. */
  failure_rate_percent: int(1, 100),
  failure_window_hours: int(1, 48),
  failure_min_sends: int(1, 100_000),
  /** Block spike: blocks in the last hour above mean + sigma·sd of the same hour's baseline, and at least this many. */
  block_spike_sigma: int(1, 10),
  block_spike_min_blocks: int(1, 100_000),
  /** Signature failures in the last hour. */
  signature_failures_min: int(1, 100_000),
  /** 429 rate limits in the last hour. */
  rate_limited_min: int(1, 100_000),
  /** Monthly quota used, in percent: warning and critical. */
  quota_warning_percent: int(1, 100),
  quota_critical_percent: int(1, 100),
  /** Plan sends due but not handed to LINE after this many minutes (scheduler lag); a plan stopped after this many. */
  scheduler_lag_minutes: int(1, 1440),
  plan_stopped_minutes: int(1, 10_080),
  /** Webhook silence: hours without events in hours the channel normally receives them. */
  webhook_silence_hours: int(1, 72),
});
export type DetectionThresholds = z.infer<typeof detectionThresholds>;

export const DEFAULT_THRESHOLDS: DetectionThresholds = {
  failure_rate_percent: 10,
  failure_window_hours: 1,
  failure_min_sends: 20,
  block_spike_sigma: 3,
  block_spike_min_blocks: 10,
  signature_failures_min: 3,
  rate_limited_min: 5,
  quota_warning_percent: 80,
  quota_critical_percent: 95,
  scheduler_lag_minutes: 15,
  plan_stopped_minutes: 120,
  webhook_silence_hours: 3,
};

export const detectionSettings = z.object({
  thresholds: detectionThresholds,
  /** Whether the signed-in staff member is e-mailed each new incident of warning level or above. */
  notify_me: z.boolean(),
});
export type DetectionSettings = z.infer<typeof detectionSettings>;

const access = sessionOf('service');
const view = { permission: { feature: 'abnormal_detection', level: 'view' } } as const;
const edit = { permission: { feature: 'abnormal_detection', level: 'edit' } } as const;
const base = '/service/abnormal_detections';

/** The channel's incidents and the detectors' settings (LineAccountId header). */
export const abnormalDetectionApi = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'Incidents of the channel, newest seen first, by status, severity, detector and period',
    access,
    ...view,
    query: incidentListQuery,
    response: listOf(incident),
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:id`,
    summary: 'One incident with its timeline and the hourly series of its metric around it',
    access,
    ...view,
    params: idParams,
    response: dataOf(incidentDetail),
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: `${base}/:id/acknowledge`,
    summary: 'Acknowledge an open incident, with a comment (it stays until it clears or is resolved)',
    access,
    ...edit,
    params: idParams,
    body: incidentComment,
    response: dataOf(incidentDetail),
  }),
  resolve: endpoint({
    method: 'POST',
    path: `${base}/:id/resolve`,
    summary: 'Resolve an incident by hand, with a comment; a condition that still holds raises a new one',
    access,
    ...edit,
    params: idParams,
    body: incidentComment,
    response: dataOf(incidentDetail),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/service/abnormal_detection_settings',
    summary: "The channel's detector thresholds (defaults where unset) and the caller's e-mail opt-in",
    access,
    ...view,
    response: dataOf(detectionSettings),
  }),
  saveThresholds: endpoint({
    method: 'PUT',
    path: '/service/abnormal_detection_settings/thresholds',
    summary: "Save the channel's detector thresholds",
    access,
    ...edit,
    body: detectionThresholds,
    response: dataOf(detectionSettings),
  }),
  saveNotify: endpoint({
    method: 'PUT',
    path: '/service/abnormal_detection_settings/notify',
    summary: 'Opt the caller in or out of e-mails about new incidents of the account',
    access,
    permission: { none: "the caller's own e-mail preference" },
    body: z.object({ notify_me: z.boolean() }),
    response: dataOf(detectionSettings),
  }),
};
