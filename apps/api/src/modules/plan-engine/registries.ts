import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { DomainEventName, DomainEvents, EventTransaction } from '../../platform/events.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../platform/registry.ts';

/*
 * The plan engine's two plug-in points. A feature registers its kinds from its own folder, in its
 * manifest's `contributes`, and the engine reads them from `ctx.registries`: no feature edits the
 * engine or a closed list of the contract.
 */

/** What a scenario trigger names, when it names something: the tag of tag_added, a form, an inflow route. */
export interface TriggerRef {
  /** What the editor's picker lists: a list endpoint of the channel's items (`{ data: [{ id, name }] }`). */
  listPath: string;
  /** The message when a plan names none, or one that is not the channel's. */
  requiredMessage: string;
  foreignMessage: string;
  /** Which of `ids` are the channel's own items. */
  ownIds(db: Db, scope: ChannelScope, ids: number[]): Promise<Set<number>>;
}

/** Whom a fact starts a trigger's scenarios for: the channel, the friends, and the item it names. */
export interface Firing {
  lineAccountId: number;
  friendIds: number[];
  /** The item named (a tag's id…), matched against the scenarios' `trigger_ref_id`; null for a trigger naming none. */
  refId: number | null;
}

/**
 * A way into scenarios: plans store its `kind` as their `scenario_trigger` (and the item it names as
 * `trigger_ref_id`); when the fact `event` is published, the channel's active scenarios of the kind
 * (naming the same item) enrol the friends it concerns, in the fact's transaction (or, for many
 * friends at once, by a job).
 */
export interface TriggerKind<N extends DomainEventName = DomainEventName> {
  kind: string;
  event: N;
  ref: TriggerRef | null;
  /** Whom the fact enrols; null when it starts nothing. */
  fired(event: DomainEvents[N]): Firing | null;
}

/** One of a box's or plan's effects on the friends who reach it: its kind and the items it names. */
export interface PlanEffect {
  kind: string;
  refIds: number[];
}

/** What a box or plan does to the friends who reach it (tags, marks, a scenario, a rich menu, a score). */
export interface EffectKind {
  kind: string;
  /** In the transaction of the send or the enrolment that reached them. */
  apply(
    ctx: AppContext,
    on: EventTransaction,
    scope: ChannelScope,
    friendIds: number[],
    refIds: number[],
  ): Promise<void>;
}

export const PLAN_TRIGGERS = registryKey<TriggerKind>('plan-engine.triggers');
export const PLAN_EFFECTS = registryKey<EffectKind>('plan-engine.effects');

/** A trigger kind as a manifest contributes it (its event's type checked here). */
export function planTrigger<N extends DomainEventName>(trigger: TriggerKind<N>): Contribution {
  return contribution(PLAN_TRIGGERS, trigger as unknown as TriggerKind);
}

export function planEffect(effect: EffectKind): Contribution {
  return contribution(PLAN_EFFECTS, effect);
}

/** The scenario triggers the plans module itself handles, without a fact: staff, and another plan's start. */
export const BUILT_IN_TRIGGERS = ['manual', 'start_plan'] as const;
