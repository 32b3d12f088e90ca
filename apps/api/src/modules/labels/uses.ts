import type { LabelUse } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../platform/registry.ts';

/*
 * Where a tag or mark is used, so that deleting it asks first and says where. A feature that keeps
 * label ids (plans: targets, effects, triggers; later rich menus, forms, inflows) registers its
 * uses from its own manifest with `labelUses(...)`.
 */

export type LabelKindName = 'tags' | 'marks';

export interface LabelUses {
  feature: string;
  /** The uses of the channel's label `id` of `kind`, in the channel only. */
  usesOf(db: Db, scope: ChannelScope, kind: LabelKindName, id: number): Promise<LabelUse[]>;
}

export const LABEL_USES = registryKey<LabelUses>('labels.uses');

export function labelUses(uses: LabelUses): Contribution {
  return contribution(LABEL_USES, uses);
}
