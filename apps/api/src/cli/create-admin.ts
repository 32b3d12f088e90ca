/**
 * Creates a platform admin: `npm run create-admin -- --email a@b.jp --name 名前 --password ...`
 * or, without flags, asks for each value. Uses DATABASE_URL, else the embedded database.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { createAdmin } from '../modules/admins/service.ts';

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (hidden && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (s.startsWith(question)) process.stdout.write(question);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden && process.stdin.isTTY) process.stdout.write('\n');
  return answer;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const admin = await createAdmin(database.db, {
      email: values.email ?? (await ask('E-mail: ')),
      name: values.name ?? (await ask('Name: ')),
      password: values.password ?? (await ask('Password (10+ characters): ', true)),
    });
    console.log(`Admin created: ${admin.email} (id ${admin.id}). Log in at /admin/login.`);
  } catch (error) {
    if (error instanceof AppError) {
      const fields = Object.entries(error.fieldErrors ?? {}).map(([f, e]) => `${f}: ${e.description}`);
      console.error(`Could not create the admin: ${fields.join(', ') || error.message}`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  } finally {
    await database.close();
  }
}

void main();
