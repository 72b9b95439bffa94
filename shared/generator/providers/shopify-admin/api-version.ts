import { DEFAULT_SHOPIFY_API_VERSION, SHOPIFY_API_VERSION_PATTERN } from '../../../config/index.ts';

/**
 * Shopify's API versions and their support window: a stable version comes out each quarter (named
 * by its month, `2025-07`) and is supported for 12 months from its release. A request to a version
 * past its window is answered by the oldest version still supported, whose fields and behaviour may
 * differ, so a store configured with one is told so once, as a warning, when it starts talking to
 * Shopify (docs/behaviour/generator.md, "Admin API version"). Pure date arithmetic: `now` is injected.
 */

export { DEFAULT_SHOPIFY_API_VERSION };

/** How long Shopify supports a stable version, in months from its release. */
export const SUPPORT_MONTHS = 12;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Months since year 0, so versions compare and add as numbers. */
function monthIndex(version: string): number {
  const [year, month] = version.split('-').map(Number) as [number, number];
  return year * 12 + (month - 1);
}

function versionAt(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function monthName(index: number): string {
  return `${MONTH_NAMES[index % 12]} ${Math.floor(index / 12)}`;
}

export interface ApiVersionSupport {
  version: string;
  /** False once the version's 12 months are over. */
  supported: boolean;
  /** "July 2026": the month its support ends (or ended). */
  supportEnds: string;
  /** The newest stable version released by `now` and the oldest one still supported then. */
  newest: string;
  oldestSupported: string;
}

/** Where `version` stands on `now` (UTC). The version must have the YYYY-MM shape config checks. */
export function apiVersionSupport(version: string, now: Date = new Date()): ApiVersionSupport {
  if (!SHOPIFY_API_VERSION_PATTERN.test(version)) throw new Error(`Not a Shopify API version: ${version}`);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const ends = monthIndex(version) + SUPPORT_MONTHS;
  // Releases are in January, April, July and October: the newest is the last such month up to now.
  const newest = current - (current % 3);
  return {
    version,
    supported: current < ends,
    supportEnds: monthName(ends),
    newest: versionAt(newest),
    oldestSupported: versionAt(newest - (SUPPORT_MONTHS - 3)),
  };
}

/** The warning for a version past its support window on `now`, or undefined while it is supported. */
export function apiVersionWarning(version: string, now: Date = new Date()): string | undefined {
  const support = apiVersionSupport(version, now);
  if (support.supported) return undefined;
  return (
    `SHOPIFY_API_VERSION ${version} left Shopify's support in ${support.supportEnds} (a version is supported for ${SUPPORT_MONTHS} months), ` +
    `so Shopify answers the Admin API with its oldest supported version (${support.oldestSupported}) instead. ` +
    `Set SHOPIFY_API_VERSION to a supported version (${support.oldestSupported} to ${support.newest}) once the app is checked against it.`
  );
}

const warned = new Set<string>();

/** Says the warning for `version` through `warn`, at most once per process; true when it did. */
export function warnOnceIfUnsupported(version: string, warn: (message: string) => void, now: Date = new Date()): boolean {
  if (warned.has(version)) return false;
  const message = apiVersionWarning(version, now);
  if (!message) return false;
  warned.add(version);
  warn(message);
  return true;
}
