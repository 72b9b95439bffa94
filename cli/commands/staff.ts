import { InvalidArgumentError, type Command } from 'commander';
import type { Staff } from '../../shared/staff/index.ts';
import { terminalSafe } from '../output/terminal-text.ts';
import { UsageError } from '../usage-error.ts';

/**
 * `tshirt-gen staff`: staff accounts from the server's own shell (docs/behaviour/staff-accounts.md): add, list
 * and remove members, create, list and revoke API keys, print the audit trail. It opens the same
 * database as `npm start` (DATA_DIR/staff/staff.sqlite); both can run at once.
 */

const out = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

function parseRole(value: string): 'owner' | 'staff' {
  if (value !== 'owner' && value !== 'staff') throw new InvalidArgumentError('must be owner or staff.');
  return value;
}

/** "90d" (or "90") → 90 days. */
export function parseExpiry(value: string): number {
  const match = /^(\d{1,4})d?$/.exec(value.trim());
  const days = match ? Number(match[1]) : Number.NaN;
  if (!(days >= 1 && days <= 3650)) throw new InvalidArgumentError('must be a number of days from 1 to 3650, such as 90d.');
  return days;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY)
    throw new UsageError(
      '--password-stdin reads the password from standard input: pipe it in (printf %s "$PASSWORD" | tshirt-gen staff add ...)',
    );
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Opens the staff service, runs `work`, closes it; a StaffError becomes a one-line usage error. */
async function withStaff(work: (staff: Staff) => Promise<unknown>): Promise<void> {
  // Loaded here: the auth library takes about half a second to import, which `--help` should not pay.
  const [{ loadConfig }, { STORE_NAME }, { openStaff, StaffError }] = await Promise.all([
    import('../../shared/config/index.ts'),
    import('../../shared/common/index.ts'),
    import('../../shared/staff/index.ts'),
  ]);
  const config = loadConfig();
  const staff = await openStaff({
    dataDir: config.localShop.dataDir,
    siteUrl: config.server.siteUrl,
    appName: STORE_NAME,
    smtpUrl: config.staff.smtpUrl,
    mailFrom: config.staff.mailFrom,
    secret: config.staff.secret,
    log: note,
  });
  try {
    await work(staff);
  } catch (error) {
    if (error instanceof StaffError && error.status < 500) throw new UsageError(error.message);
    throw error;
  } finally {
    staff.close();
  }
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
}

export function registerStaffCommand(program: Command): void {
  const staff = program.command('staff').description('Staff accounts: members, API keys and the audit trail');

  staff
    .command('add <email>')
    .description('add a member (without --password-stdin, they get a mail to choose a password)')
    .option('--role <role>', 'owner or staff (default staff)', parseRole, 'staff')
    .option('--name <name>', 'display name (default the part of the email before @)')
    .option('--password-stdin', 'read the password from standard input')
    .action((email: string, flags: { role: 'owner' | 'staff'; name?: string; passwordStdin?: boolean }) =>
      withStaff(async (accounts) => {
        const password = flags.passwordStdin ? await readStdin() : undefined;
        const member = await accounts.addMember({
          email,
          role: flags.role,
          ...(flags.name ? { name: flags.name } : {}),
          ...(password !== undefined ? { password } : {}),
        });
        if (password === undefined) {
          await accounts.auth.api.requestPasswordReset({ body: { email: member.email, redirectTo: '/generator/reset-password' } });
          out(`Added ${member.role} ${member.email}; a link to choose a password was mailed (${accounts.mailer.describe()}).`);
        } else {
          out(`Added ${member.role} ${member.email}.`);
        }
      }),
    );

  staff
    .command('list')
    .description('list the members')
    .option('--json', 'one JSON document')
    .action((flags: { json?: boolean }) =>
      withStaff(async (accounts) => {
        const members = accounts.listMembers();
        if (flags.json) return out(JSON.stringify({ members }, null, 2));
        if (members.length === 0) return out('No staff accounts yet.');
        const rows = [['EMAIL', 'ROLE', 'NAME', '2FA', 'PASSKEYS', 'SESSIONS', 'KEYS']];
        for (const m of members)
          rows.push([
            m.email,
            m.role,
            terminalSafe(m.name),
            m.twoFactor ? 'yes' : 'no',
            String(m.passkeys),
            String(m.sessions),
            String(m.keys),
          ]);
        for (const line of table(rows)) out(line);
      }),
    );

  staff
    .command('remove <email>')
    .description('remove a member: their sessions end and their API keys stop working at once')
    .action((email: string) =>
      withStaff(async (accounts) => {
        await accounts.removeMember(email);
        out(`Removed ${email.trim().toLowerCase()}.`);
      }),
    );

  const key = staff.command('key').description('API keys for scripts and CI (sent in the x-api-key header)');

  key
    .command('create <email>')
    .description("create a key with the member's permissions; it is printed once, on stdout")
    .option('--name <name>', 'what the key is for (default ci)', 'ci')
    .option('--expires <days>', 'expiry, such as 90d (default never)', parseExpiry)
    .action((email: string, flags: { name: string; expires?: number }) =>
      withStaff(async (accounts) => {
        // Made on the server's own shell, which is a stronger proof than any second factor.
        const created = await accounts.createKey(email, {
          name: flags.name,
          aal: 'aal2',
          ...(flags.expires ? { expiresInDays: flags.expires } : {}),
        });
        note(
          `API key "${created.name}" for ${created.owner} (id ${created.id}${created.expiresAt ? `, expires ${created.expiresAt}` : ''}). It is shown only now:`,
        );
        out(created.key);
      }),
    );

  key
    .command('list [email]')
    .description('list keys (all, or one member’s); never the keys themselves')
    .option('--json', 'one JSON document')
    .action((email: string | undefined, flags: { json?: boolean }) =>
      withStaff(async (accounts) => {
        const keys = accounts.listKeys(email);
        if (flags.json) return out(JSON.stringify({ keys }, null, 2));
        if (keys.length === 0) return out('No API keys.');
        const rows = [['ID', 'NAME', 'STARTS', 'OWNER', 'CREATED', 'EXPIRES', 'LAST USED']];
        for (const k of keys)
          rows.push([
            k.id,
            terminalSafe(k.name ?? ''),
            k.start ?? '',
            k.owner,
            k.createdAt,
            k.expiresAt ?? 'never',
            k.lastUsedAt ?? 'never',
          ]);
        for (const line of table(rows)) out(line);
      }),
    );

  key
    .command('revoke <id>')
    .description('revoke a key by its id (from key list)')
    .action((id: string) =>
      withStaff(async (accounts) => {
        const revoked = await accounts.revokeKey(id);
        out(`Revoked the key "${revoked.name ?? revoked.id}" of ${revoked.owner}.`);
      }),
    );

  staff
    .command('audit')
    .description('print the audit trail, newest first')
    .option('--json', 'one JSON document')
    .option('--limit <n>', 'how many entries (default 100)', (value: string) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidArgumentError('must be a whole number from 1 to 1000.');
      return n;
    })
    .action((flags: { json?: boolean; limit?: number }) =>
      withStaff(async (accounts) => {
        const entries = accounts.audit.list({ limit: flags.limit ?? 100 });
        if (flags.json) return out(JSON.stringify({ entries }, null, 2));
        if (entries.length === 0) return out('The audit trail is empty.');
        const rows = [['WHEN', 'EVENT', 'WHO', 'ABOUT', 'FROM', 'DETAIL']];
        for (const e of entries)
          rows.push([
            e.at,
            e.event,
            e.actorEmail ?? '-',
            terminalSafe(e.subject ?? '-'),
            e.address ?? '-',
            terminalSafe(
              e.detail
                ? Object.entries(e.detail)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(' ')
                : '',
            ),
          ]);
        for (const line of table(rows)) out(line);
      }),
    );
}
