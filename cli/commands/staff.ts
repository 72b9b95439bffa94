import { InvalidArgumentError, type Command } from 'commander';
import type { Staff } from '../../shared/staff/index.ts';
import { terminalSafe } from '../output/terminal-text.ts';
import { closingAfter, note, out, printListing, readStdin } from './common.ts';

/**
 * `tshirt-gen staff`: staff accounts from the server's own shell (docs/behaviour/staff-accounts.md): add, list
 * and remove members, create, list and revoke API keys, print the audit trail. It opens the same
 * database as `npm start` (DATA_DIR/staff/staff.sqlite); both can run at once.
 */

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

async function readPassword(): Promise<string> {
  const text = await readStdin(
    '--password-stdin reads the password from standard input: pipe it in (printf %s "$PASSWORD" | tshirt-gen staff add ...)',
  );
  return text.replace(/\r?\n$/, '');
}

/** Opens the staff service, runs `work`, closes it; a StaffError becomes a one-line usage error. */
async function withStaff(work: (staff: Staff) => Promise<unknown>): Promise<void> {
  // Loaded here: the auth library takes about half a second to import, which `--help` should not pay.
  const [{ loadConfig }, { openStaff, StaffError, staffOptionsFromConfig }] = await Promise.all([
    import('../../shared/config/index.ts'),
    import('../../shared/staff/index.ts'),
  ]);
  const config = loadConfig();
  const staff = await openStaff({ ...staffOptionsFromConfig(config), siteUrl: config.server.siteUrl, log: note });
  await closingAfter(staff, work, (error): error is InstanceType<typeof StaffError> => error instanceof StaffError && error.status < 500);
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
        const password = flags.passwordStdin ? await readPassword() : undefined;
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
      withStaff(async (accounts) =>
        printListing(accounts.listMembers(), {
          json: flags.json,
          key: 'members',
          empty: 'No staff accounts yet.',
          headers: ['EMAIL', 'ROLE', 'NAME', '2FA', 'PASSKEYS', 'SESSIONS', 'KEYS'],
          row: (m) => [
            m.email,
            m.role,
            terminalSafe(m.name),
            m.twoFactor ? 'yes' : 'no',
            String(m.passkeys),
            String(m.sessions),
            String(m.keys),
          ],
        }),
      ),
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
      withStaff(async (accounts) =>
        printListing(accounts.listKeys(email), {
          json: flags.json,
          key: 'keys',
          empty: 'No API keys.',
          headers: ['ID', 'NAME', 'STARTS', 'OWNER', 'CREATED', 'EXPIRES', 'LAST USED'],
          row: (k) => [
            k.id,
            terminalSafe(k.name ?? ''),
            k.start ?? '',
            k.owner,
            k.createdAt,
            k.expiresAt ?? 'never',
            k.lastUsedAt ?? 'never',
          ],
        }),
      ),
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
      withStaff(async (accounts) =>
        printListing(accounts.audit.list({ limit: flags.limit ?? 100 }), {
          json: flags.json,
          key: 'entries',
          empty: 'The audit trail is empty.',
          headers: ['WHEN', 'EVENT', 'WHO', 'ABOUT', 'FROM', 'DETAIL'],
          row: (e) => [
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
          ],
        }),
      ),
    );
}
