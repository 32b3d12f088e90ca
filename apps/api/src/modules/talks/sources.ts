import type { DeliveryWait, TalkOrigin, TappedItem } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { registryKey, contribution, type Contribution } from '../../platform/registry.ts';

/*
 * The talk's plug-in points (platform/registry.ts). A friend's talk is the whole story: what the
 * friend sent and did, and everything the channel sent them. Each module that sends or records
 * something contributes a source of talk entries; the talks module merges them in time order and
 * pages them. A module whose messages carry buttons contributes a tap describer, so a tap is stored
 * with the label and message the friend saw.
 */

/** Where a page of a source starts: entries strictly older than (at, id) in its own order. */
export interface TalkBefore {
  /** The exact time (microseconds, as `talkTime` writes it), cast back with `::timestamptz`. */
  at: string;
  id: number;
}

/** One entry of a source, before the talks module shapes it for the contract. */
export interface TalkEntry {
  /** Unique within the source. */
  id: number;
  /** The exact time as text: `talkTime` of the row's time column. */
  at: string;
  direction: 'incoming' | 'outgoing';
  type: string;
  content: Record<string, unknown>;
  sentBy: { id: number; name: string } | null;
  origin: TalkOrigin | null;
  delivery: {
    status: 'queued' | 'sent' | 'failed' | null;
    failureReason: string | null;
    wait: DeliveryWait | null;
  } | null;
}

export interface TalkSource {
  /** Stable and unique (it is part of the paging cursor); ties at one time are ordered by it. */
  name: string;
  /**
   * The friend's entries older than `before` (all when null), newest first by (at, id), at most
   * `limit`: an index range on (friend, time, id), scoped to the channel.
   */
  entries(
    db: Db,
    scope: ChannelScope,
    friendId: number,
    before: TalkBefore | null,
    limit: number,
  ): Promise<TalkEntry[]>;
}

export const TALK_SOURCES = registryKey<TalkSource>('talks.sources');

export function talkSource(source: TalkSource): Contribution {
  return contribution(TALK_SOURCES, source);
}

/**
 * What a postback's data names, as the friend saw it (a template's action, a plan box's option);
 * undefined when the data is not the describer's. Read when the tap arrives and stored with it, so
 * the talk still shows it after its source is edited or deleted.
 */
export interface TapDescriber {
  describe(db: Db, scope: ChannelScope, friendId: number, data: string): Promise<TappedItem | undefined>;
}

export const TAP_DESCRIBERS = registryKey<TapDescriber>('talks.tap-describers');

export function tapDescriber(describer: TapDescriber): Contribution {
  return contribution(TAP_DESCRIBERS, describer);
}
