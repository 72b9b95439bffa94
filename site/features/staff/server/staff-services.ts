import type { Config } from '../../../../shared/config/index.ts';
import { STORE_NAME } from '../../../../shared/common/index.ts';
import { openStaff, type Staff } from '../../../../shared/staff/index.ts';

/** The staff service the store server (and the dev server) hands to the routes as `locals.staff`. */
export function openStaffAccounts({
  config,
  siteUrl,
  serverUrl,
  log,
}: {
  config: Config;
  siteUrl: string;
  serverUrl?: string;
  log: (line: string) => void;
}): Promise<Staff> {
  return openStaff({
    dataDir: config.localShop.dataDir,
    siteUrl,
    ...(serverUrl ? { otherOrigins: [serverUrl] } : {}),
    appName: STORE_NAME,
    smtpUrl: config.staff.smtpUrl,
    mailFrom: config.staff.mailFrom,
    secret: config.staff.secret,
    log,
  });
}
