import { z } from 'zod';
import { email, newPassword, requiredText } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import * as repo from './repository.ts';

export const adminInput = z.object({ email, name: requiredText(100), password: newPassword });

export async function createAdmin(db: Db, input: z.input<typeof adminInput>) {
  const parsed = adminInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(String(issue.path[0] ?? 'input'), issue.message);
  }
  if (await repo.adminEmailTaken(db, parsed.data.email)) {
    throw fieldError('email', 'このメールアドレスの管理者は既に存在します');
  }
  const admin = await repo.insertAdmin(db, {
    email: parsed.data.email,
    name: parsed.data.name,
    passwordHash: await hashPassword(parsed.data.password),
  });
  if (!admin) throw new AppError('conflict', '管理者を作成できませんでした');
  return admin;
}
