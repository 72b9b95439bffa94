import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { LocalShopStore, PolicyHandle } from '../../shared/local-shop/index.ts';
import { terminalSafe } from '../output/terminal-text.ts';
import { UsageError } from '../usage-error.ts';
import { closingAfter, dataDirOf, out, printJson as json, printListing, readStdin } from './common.ts';

/**
 * `tshirt-gen shop collection|discount|menu|page|policy`: staff writes to the embedded shop's content
 * from the server's own shell (docs/behaviour/embedded-shop.md#staff-commands). They open the same
 * SQLite file as a running shop (`--data` or DATA_DIR), which serves the change on its next request.
 */

const POLICIES = ['privacy-policy', 'refund-policy', 'shipping-policy', 'terms-of-service'] as const;

function parsePercent(value: string): number {
  const n = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= 100)) throw new InvalidArgumentError('must be a whole number from 1 to 100.');
  return n;
}

function parseAmount(value: string): string {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('must be an amount such as 5 or 4.50.');
  return value;
}

function parseHandles(value: string): string[] {
  return value
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
}

function parsePolicy(value: string): PolicyHandle {
  if (!(POLICIES as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${POLICIES.join(', ')}.`);
  return value as PolicyHandle;
}

/** The text of `file`, or of standard input for `-` (or no file with something piped in). */
async function readText(file: string | undefined, what: string): Promise<string> {
  if (file !== undefined && file !== '-') {
    try {
      return await fs.readFile(path.resolve(file), 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read ${what} from ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }
  return readStdin(`Give the ${what} with --file <path>, or pipe it in on standard input`);
}

/** Opens the shop's store in the data directory, runs `work`, closes it; invalid content is a usage error (exit 2). */
async function withStore(command: Command, work: (store: LocalShopStore) => unknown): Promise<void> {
  // Loaded here: `tshirt-gen --help` should not pay for SQLite and zod.
  // `--data` belongs to `tshirt-gen shop`, so it is read from there wherever it was typed.
  const [{ LocalShopStore, InvalidContentError }, dataDir] = await Promise.all([
    import('../../shared/local-shop/index.ts'),
    dataDirOf((command.optsWithGlobals() as { data?: string }).data),
  ]);
  await closingAfter(LocalShopStore.open(dataDir), work, (error) => error instanceof InvalidContentError);
}

function collectionSummary(store: LocalShopStore, handle: string) {
  const c = store.content.collectionByHandle(handle)!;
  return {
    handle: c.handle,
    title: c.title,
    description: c.description,
    productType: c.productTypeRule,
    manualProducts: store.content.manualProductIds(c.id).length,
    updatedAt: c.updatedAt,
  };
}

const cents = (value: number | null) => (value === null ? null : (value / 100).toFixed(2));

interface CollectionFlags {
  handle?: string;
  title?: string;
  description?: string;
  type?: string;
  products?: string[];
  json?: boolean;
}

export function registerShopContentCommands(shop: Command): void {
  const collection = shop.command('collection').description('collections: by a product type rule and/or products placed by hand');

  collection
    .command('list')
    .description('list the collections')
    .option('--json', 'one JSON document')
    .action((flags: { json?: boolean }, command: Command) =>
      withStore(command, (store) =>
        printListing(
          store.content.collections().map((c) => collectionSummary(store, c.handle)),
          {
            json: flags.json,
            key: 'collections',
            empty: 'No collections.',
            headers: ['HANDLE', 'TITLE', 'TYPE RULE', 'PLACED'],
            row: (c) => [c.handle, terminalSafe(c.title), terminalSafe(c.productType ?? '-'), String(c.manualProducts)],
          },
        ),
      ),
    );

  collection
    .command('create <title>')
    .description('create a collection (its handle comes from the title unless --handle is given)')
    .option('--handle <handle>', 'the URL handle (must not be taken)')
    .option('--description <text>', 'the description (plain text)')
    .option('--type <productType>', 'hold every product of this type, such as "Office Humor"')
    .option('--products <handles>', 'products placed by hand, comma-separated handles, in this order', parseHandles)
    .option('--json', 'print the collection as one JSON document')
    .action((title: string, flags: CollectionFlags, command: Command) =>
      withStore(command, (store) => {
        if (flags.handle && store.content.collectionByHandle(flags.handle))
          throw new UsageError(`A collection with the handle ${flags.handle} exists already; change it with collection update`);
        const saved = store.content.saveCollection({
          title,
          ...(flags.handle !== undefined ? { handle: flags.handle } : {}),
          ...(flags.description !== undefined ? { description: flags.description } : {}),
          ...(flags.type !== undefined ? { productType: flags.type } : {}),
          ...(flags.products !== undefined ? { productHandles: flags.products } : {}),
        });
        if (flags.json) return json(collectionSummary(store, saved.handle));
        out(`Created collection ${saved.handle} (${terminalSafe(saved.title)}).`);
      }),
    );

  collection
    .command('update <handle>')
    .description('change a collection; what is not given is kept (--type "" removes the rule, --products "" empties the hand-placed list)')
    .option('--title <title>', 'the title')
    .option('--description <text>', 'the description (plain text)')
    .option('--type <productType>', 'hold every product of this type')
    .option('--products <handles>', 'products placed by hand, comma-separated handles, in this order', parseHandles)
    .option('--json', 'print the collection as one JSON document')
    .action((handle: string, flags: CollectionFlags, command: Command) =>
      withStore(command, (store) => {
        const existing = store.content.collectionByHandle(handle);
        if (!existing) throw new UsageError(`No collection has the handle ${handle}; see collection list`);
        store.content.saveCollection({
          handle,
          title: flags.title ?? existing.title,
          description: flags.description ?? existing.description,
          ...(existing.seoTitle !== null ? { seoTitle: existing.seoTitle } : {}),
          ...(existing.seoDescription !== null ? { seoDescription: existing.seoDescription } : {}),
          productType: flags.type ?? existing.productTypeRule ?? '',
          ...(flags.products !== undefined ? { productHandles: flags.products } : {}),
        });
        if (flags.json) return json(collectionSummary(store, handle));
        out(`Updated collection ${handle}.`);
      }),
    );

  collection
    .command('delete <handle>')
    .description('delete a collection (its products stay in the shop)')
    .action((handle: string, _flags: unknown, command: Command) =>
      withStore(command, (store) => {
        if (!store.content.deleteCollection(handle)) throw new UsageError(`No collection has the handle ${handle}; see collection list`);
        out(`Deleted collection ${handle}.`);
      }),
    );

  const discount = shop.command('discount').description('discount codes that carts accept');

  discount
    .command('add <code>')
    .description('add a code, or change the one with this code: exactly one of --percent and --amount')
    .option('--percent <n>', 'percent off the subtotal, 1 to 100', parsePercent)
    .option('--amount <amount>', 'fixed amount off the subtotal, such as 5 or 4.50', parseAmount)
    .option('--minimum <amount>', 'the subtotal a cart needs for the code to apply (default 0)', parseAmount)
    .option('--json', 'print the code as one JSON document')
    .action((code: string, flags: { percent?: number; amount?: string; minimum?: string; json?: boolean }, command: Command) =>
      withStore(command, (store) => {
        if ((flags.percent === undefined) === (flags.amount === undefined))
          throw new UsageError('Give exactly one of --percent and --amount');
        const saved = store.content.saveDiscountCode({
          code,
          ...(flags.percent !== undefined ? { percentOff: flags.percent } : {}),
          ...(flags.amount !== undefined ? { amountOff: flags.amount } : {}),
          ...(flags.minimum !== undefined ? { minimumSubtotal: flags.minimum } : {}),
        });
        if (flags.json) return json(saved);
        out(
          `Discount code ${saved.code}: ${saved.percentOff !== null ? `${saved.percentOff}% off` : `${cents(saved.amountOffCents)} off`}.`,
        );
      }),
    );

  discount
    .command('list')
    .description('list the discount codes')
    .option('--json', 'one JSON document')
    .action((flags: { json?: boolean }, command: Command) =>
      withStore(command, (store) =>
        printListing(store.content.discountCodes(), {
          json: flags.json,
          key: 'discountCodes',
          empty: 'No discount codes.',
          headers: ['CODE', 'OFF', 'MINIMUM'],
          row: (d) => [d.code, d.percentOff !== null ? `${d.percentOff}%` : cents(d.amountOffCents)!, cents(d.minimumSubtotalCents)!],
        }),
      ),
    );

  discount
    .command('remove <code>')
    .description('remove a code; carts that carry it stop getting the discount')
    .action((code: string, _flags: unknown, command: Command) =>
      withStore(command, (store) => {
        if (!store.content.deleteDiscountCode(code)) throw new UsageError(`No discount code ${code}; see discount list`);
        out(`Removed discount code ${code.trim()}.`);
      }),
    );

  shop
    .command('menu')
    .description('menus')
    .command('set <handle>')
    .description('replace a menu\'s items with a JSON array ([{"title", "type", "handle"|"url", "items"}]) from --file or standard input')
    .option('--title <title>', 'the menu title (default the current one; required for a new menu)')
    .option('--file <path>', 'the JSON file, - for standard input')
    .option('--json', 'print the menu as one JSON document')
    .action((handle: string, flags: { title?: string; file?: string; json?: boolean }, command: Command) =>
      withStore(command, async (store) => {
        const title = flags.title ?? store.content.menuByHandle(handle)?.title;
        if (!title) throw new UsageError(`There is no menu ${handle} yet: give its --title`);
        const source = await readText(flags.file, 'menu items');
        let items: unknown;
        try {
          items = JSON.parse(source);
        } catch (error) {
          throw new UsageError(`The menu items are not JSON: ${(error as Error).message}`);
        }
        const menu = store.content.saveMenu({ handle, title, items: items as never });
        if (flags.json) return json(menu);
        out(`Menu ${menu.handle} has ${menu.items.length} item${menu.items.length === 1 ? '' : 's'}.`);
      }),
    );

  shop
    .command('page')
    .description('pages')
    .command('set <handle>')
    .description('create or replace a page; its body (plain text, blank lines between paragraphs) from --file or standard input')
    .option('--title <title>', 'the page title (default the current one; required for a new page)')
    .option('--file <path>', 'the body file, - for standard input')
    .option('--json', 'print the page as one JSON document')
    .action((handle: string, flags: { title?: string; file?: string; json?: boolean }, command: Command) =>
      withStore(command, async (store) => {
        const existing = store.content.pageByHandle(handle);
        const title = flags.title ?? existing?.title;
        if (!title) throw new UsageError(`There is no page ${handle} yet: give its --title`);
        const body = await readText(flags.file, 'page body');
        if (!body.trim()) throw new UsageError('The page body is empty');
        const page = store.content.savePage({
          handle,
          title,
          body,
          ...(existing?.seoTitle ? { seoTitle: existing.seoTitle } : {}),
          ...(existing?.seoDescription ? { seoDescription: existing.seoDescription } : {}),
        });
        if (flags.json) return json(page);
        out(`Saved page ${page.handle} (${terminalSafe(page.title)}).`);
      }),
    );

  shop
    .command('policy')
    .description('the shop policies')
    .command('set')
    .description(`replace a policy's text (${POLICIES.join(', ')}) from --file or standard input`)
    .argument('<handle>', 'which policy', parsePolicy)
    .option('--title <title>', 'the title (default the standard one)')
    .option('--file <path>', 'the text file, - for standard input')
    .option('--json', 'print the policy as one JSON document')
    .action((handle: PolicyHandle, flags: { title?: string; file?: string; json?: boolean }, command: Command) =>
      withStore(command, async (store) => {
        const body = await readText(flags.file, 'policy text');
        const policy = store.content.savePolicy({ handle, body, ...(flags.title !== undefined ? { title: flags.title } : {}) });
        if (flags.json) return json(policy);
        out(`Saved ${policy.title}.`);
      }),
    );
}
