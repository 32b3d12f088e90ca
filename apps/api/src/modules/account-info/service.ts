import { normalizePostalCode, type AccountInfo, type TimeZonePreview } from '@linq/contract';
import type { z } from 'zod';
import type { accountInfoBody } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { AccountScope } from '../../platform/principal.ts';
import { scenarioSendsDueCount, scheduledBroadcastCount } from '../plan-engine/repository.ts';
import * as repo from './repository.ts';

const present = (row: repo.AccountInfoRow): AccountInfo => ({
  name: row.name,
  name_kana: row.nameKana,
  postal_code: row.postalCode,
  prefecture: row.prefecture,
  city: row.city,
  street: row.street,
  building: row.building,
  phone: row.phone,
  contact_name: row.contactName,
  contact_email: row.contactEmail,
  registration_number: row.registrationNumber,
  time_zone: row.timeZone,
  updated_at: row.updatedAt.toISOString(),
});

export async function get(db: Db, scope: AccountScope): Promise<AccountInfo> {
  const row = await repo.find(db, scope);
  if (!row) throw notFound('アカウント');
  return present(row);
}

/** Saves the company info; the postal code is kept as its seven digits. */
export async function update(
  db: Db,
  scope: AccountScope,
  input: z.output<typeof accountInfoBody>,
): Promise<AccountInfo> {
  const row = await repo.update(db, scope, {
    name: input.name,
    nameKana: input.name_kana,
    postalCode: normalizePostalCode(input.postal_code) ?? '',
    prefecture: input.prefecture,
    city: input.city,
    street: input.street,
    building: input.building,
    phone: input.phone,
    contactName: input.contact_name,
    contactEmail: input.contact_email,
    registrationNumber: input.registration_number,
    timeZone: input.time_zone,
  });
  if (!row) throw notFound('アカウント');
  return present(row);
}

/** What a change of the account's time zone moves: broadcasts set to a time ahead, scenario sends due. */
export async function timeZonePreview(db: Db, scope: AccountScope, now: Date): Promise<TimeZonePreview> {
  const [scheduledBroadcasts, scenarioSends] = await Promise.all([
    scheduledBroadcastCount(db, scope, now),
    scenarioSendsDueCount(db, scope, now),
  ]);
  return { scheduled_broadcasts: scheduledBroadcasts, scenario_sends: scenarioSends };
}
