import type { Config } from '../../../../shared/config/index.ts';
import { openStaff, type Staff, staffOptionsFromConfig } from '../../../../shared/staff/index.ts';

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
    ...staffOptionsFromConfig(config),
    siteUrl,
    ...(serverUrl ? { otherOrigins: [serverUrl] } : {}),
    log,
  });
}
