import { z } from 'zod';
import { planOption } from './agency-accounts.ts';
import { dataOf, id, idParams, listOf, optionalText, pageQuery, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';

/*
 * Contracts (agency area): what a client account of the agency is contracted for: an OEM plan,
 * start and end dates, the monthly fee (yen, hidden from agency members), billing cycle,
 * auto-renewal and notes. Status `draft → active → ending → ended`, or `cancelled`; the server
 * enforces the transitions, refuses overlapping active contracts of one account, and while a
 * contract is active its plan is the account's plan. Dates move it on by themselves: ending within
 * ENDING_WITHIN_DAYS, ended past its end, or renewed by one billing cycle when it auto-renews.
 */

export const CONTRACT_STATUSES = ['draft', 'active', 'ending', 'ended', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** An active contract whose end is this near is `ending`. */
export const ENDING_WITHIN_DAYS = 30;

/** The transitions a user may make; the dates make the others (active → ending → ended). */
export const CONTRACT_TRANSITIONS: Readonly<Record<ContractStatus, readonly ContractStatus[]>> = {
  draft: ['active', 'cancelled'],
  active: ['ended', 'cancelled'],
  ending: ['ended', 'cancelled'],
  ended: [],
  cancelled: [],
};
/** Statuses in which the contract's plan is the account's plan (and no other such contract may overlap). */
export const LIVE_CONTRACT_STATUSES = ['active', 'ending'] as const satisfies readonly ContractStatus[];

export const CONTRACT_OVERLAP_MESSAGE =
  'このアカウントには期間が重なる有効な契約があります。先にその契約を終了するか、期間を変えてください。';
export const CONTRACT_END_BEFORE_START_MESSAGE = '終了日は開始日以降の日付にしてください';
export const CONTRACT_TRANSITION_MESSAGE = 'この契約の状態からは、その状態に変更できません';
export const CONTRACT_CLOSED_MESSAGE = '終了または解約した契約は編集できません';
export const UNKNOWN_CLIENT_MESSAGE = '選択されたアカウントが見つかりません';

/** A calendar date, YYYY-MM-DD. */
export const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日付は YYYY-MM-DD の形式で入力してください' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { message: '日付が正しくありません' });

export const contractBody = z
  .object({
    account_id: id,
    oem_plan_id: id,
    start_date: dateOnly,
    end_date: dateOnly,
    /** Managers only: what a member sends here is ignored. */
    monthly_fee_yen: z.number().int().min(0).max(100_000_000).optional(),
    billing_cycle: z.enum(BILLING_CYCLES).default('monthly'),
    auto_renewal: z.boolean().default(false),
    notes: optionalText(2000).default(''),
  })
  .refine((body) => body.end_date >= body.start_date, {
    message: CONTRACT_END_BEFORE_START_MESSAGE,
    path: ['end_date'],
  });
export type ContractBody = z.input<typeof contractBody>;
export const contractTransitionBody = z.object({ status: z.enum(CONTRACT_STATUSES) });

const named = z.object({ id: z.number().int(), name: z.string() });

export const contract = z.object({
  id: z.number().int(),
  account: named,
  plan: planOption,
  start_date: z.string(),
  end_date: z.string(),
  /** Left out for agency members. */
  monthly_fee_yen: z.number().int().optional(),
  billing_cycle: z.enum(BILLING_CYCLES),
  auto_renewal: z.boolean(),
  notes: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Contract = z.infer<typeof contract>;

export const contractChange = z.object({
  id: z.number().int(),
  /** Who made it; null: the date rules (the worker), or a user since deleted. */
  user_name: z.string().nullable(),
  action: z.enum(['created', 'updated', 'status', 'renewed']),
  /** Field → [before, after], as shown (fees left out for agency members). */
  changes: z.record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()])),
  created_at: timestamp,
});
export type ContractChange = z.infer<typeof contractChange>;

export const contractDetail = contract.extend({
  history: z.array(contractChange),
  /** The statuses a user may move it to now. */
  next_statuses: z.array(z.enum(CONTRACT_STATUSES)),
});
export type ContractDetail = z.infer<typeof contractDetail>;

export const contractFilter = z.object({
  /** Matches the account's name or the notes. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  account_id: id.optional(),
  oem_plan_id: id.optional(),
});
export const contractListQuery = pageQuery.extend(contractFilter.shape);

const access = heldBy('agency_user');
const permission = { none: "agency users manage their own agency's contracts (the agency scope)" } as const;

export const agencyContractsApi = {
  list: endpoint({
    method: 'GET',
    path: '/agency/contracts',
    summary: "The agency's contracts (fees left out for members)",
    access,
    query: contractListQuery,
    response: listOf(contract),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/agency/contracts/export',
    summary: "The agency's contracts matching the filter as CSV (UTF-8 with BOM; no fees for members)",
    access,
    query: contractFilter,
    response: z.string().describe('text/csv'),
    contentType: 'text/csv',
  }),
  get: endpoint({
    method: 'GET',
    path: '/agency/contracts/:id',
    summary: 'One contract with its change history',
    access,
    params: idParams,
    response: dataOf(contractDetail),
  }),
  create: endpoint({
    method: 'POST',
    path: '/agency/contracts',
    summary: 'Create a draft contract for a client account',
    access,
    permission,
    body: contractBody,
    response: dataOf(contractDetail),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/agency/contracts/:id',
    summary: 'Edit a contract (not once ended or cancelled; a live one keeps no overlap)',
    access,
    permission,
    params: idParams,
    body: contractBody,
    response: dataOf(contractDetail),
  }),
  transition: endpoint({
    method: 'POST',
    path: '/agency/contracts/:id/status',
    summary: "Move a contract to another status (activating sets the account's plan to the contract's)",
    access,
    permission,
    params: idParams,
    body: contractTransitionBody,
    response: dataOf(contractDetail),
  }),
};
