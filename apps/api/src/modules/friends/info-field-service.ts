import type { z } from 'zod';
import type { InfoField, infoFieldInput } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound, uniqueName } from '../../platform/errors.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './info-field-repository.ts';

/** Fields one channel may define (each is a column of the CSV export). */
export const INFO_FIELDS_PER_CHANNEL = 100;

export const NOUN = '友だち情報欄';
export const DUPLICATE_NAME_MESSAGE = `同じ名前の${NOUN}が既にあります`;
export const NO_OPTIONS_MESSAGE = '選択肢を1つ以上入力してください';
export const DUPLICATE_OPTION_MESSAGE = '同じ選択肢が重複しています';
export const TOO_MANY_MESSAGE = `${NOUN}は${INFO_FIELDS_PER_CHANNEL}個まで作成できます`;
export const TYPE_IN_USE_MESSAGE = '値が入力されている友だちがいるため、種類は変更できません';
export const optionInUseMessage = (values: string[]) =>
  `友だちに入力されている選択肢は削除できません（${values.map((v) => `「${v}」`).join('、')}）`;

type Input = z.output<typeof infoFieldInput>;

export function presentInfoField(row: repo.InfoFieldRow): InfoField {
  return {
    id: row.id,
    name: row.name,
    field_type: row.fieldType,
    options: row.options,
    sort_index: row.sortIndex,
  };
}

/** The stored values of an input: options only for a select field, at least one, no repeats. */
function valuesOf(input: Input): repo.InfoFieldValues {
  const options = input.field_type === 'select' ? input.options : [];
  if (input.field_type === 'select' && options.length === 0) throw fieldError('options', NO_OPTIONS_MESSAGE);
  if (new Set(options).size !== options.length) throw fieldError('options', DUPLICATE_OPTION_MESSAGE);
  return { name: input.name, fieldType: input.field_type, options, sortIndex: input.sort_index };
}

export async function list(ctx: AppContext, scope: ChannelRequest): Promise<InfoField[]> {
  return (await repo.list(ctx.database.db, scope)).map(presentInfoField);
}

export async function create(ctx: AppContext, scope: ChannelRequest, input: Input): Promise<InfoField> {
  const db = ctx.database.db;
  const values = valuesOf(input);
  if ((await repo.countOf(db, scope)) >= INFO_FIELDS_PER_CHANNEL) throw fieldError('name', TOO_MANY_MESSAGE);
  return presentInfoField(
    await uniqueName(repo.insert(db, scope, values), repo.isDuplicateName, DUPLICATE_NAME_MESSAGE),
  );
}

/**
 * Changes a field. Its type stays while any friend has a value (the values would no longer
 * fit), and a select field keeps every option some friend has chosen.
 */
export async function update(ctx: AppContext, scope: ChannelRequest, id: number, input: Input): Promise<InfoField> {
  const values = valuesOf(input);
  return uniqueName(
    ctx.database.db.transaction(async (tx) => {
      const field = await repo.find(tx, scope, id, 'update');
      if (!field) throw notFound(NOUN);
      if (field.fieldType !== values.fieldType && (await repo.hasValues(tx, scope, id))) {
        throw fieldError('field_type', TYPE_IN_USE_MESSAGE);
      }
      if (values.fieldType === 'select') {
        const orphaned = await repo.valuesOutside(tx, scope, id, values.options, 5);
        if (orphaned.length > 0) throw fieldError('options', optionInUseMessage(orphaned));
      }
      const row = await repo.update(tx, scope, id, values);
      if (!row) throw notFound(NOUN);
      return presentInfoField(row);
    }),
    repo.isDuplicateName,
    DUPLICATE_NAME_MESSAGE,
  );
}

/** Deletes the field and every friend's value of it. */
export async function remove(ctx: AppContext, scope: ChannelRequest, id: number): Promise<InfoField> {
  return ctx.database.db.transaction(async (tx) => {
    const field = await repo.find(tx, scope, id, 'update');
    if (!field) throw notFound(NOUN);
    await repo.remove(tx, scope, id);
    return presentInfoField(field);
  });
}
