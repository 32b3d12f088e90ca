import { z } from 'zod';
import { email, newPassword, requiredText } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import { oemScope, type OemScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

export const adminInput = z.object({ email, name: requiredText(100), password: newPassword });

/**
 * Creates an admin of the OEM, by default a platform admin (of the default OEM, made first on a
 * fresh installation).
 */
export async function createAdmin(db: Db, input: z.input<typeof adminInput>, scope?: OemScope) {
  const parsed = adminInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(String(issue.path[0] ?? 'input'), issue.message);
  }
  if (await repo.adminEmailTaken(db, parsed.data.email)) {
    throw fieldError('email', 'このメールアドレスの管理者は既に存在します');
  }
  const oem = scope ?? oemScope((await repo.defaultOemIdUnscoped(db)) ?? (await repo.insertDefaultOemUnscoped(db)));
  const admin = await repo.insertAdmin(db, oem, {
    email: parsed.data.email,
    name: parsed.data.name,
    passwordHash: await hashPassword(parsed.data.password),
  });
  if (!admin) throw new AppError('conflict', '管理者を作成できませんでした');
  return admin;
}
