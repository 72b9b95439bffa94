import type { BrandProfile } from '../common/index.ts';

/**
 * The generator's data and provider interfaces (docs/behaviour/generator.md). Plain types only: the pipeline runs in
 * the browser (the /generator island) as well as in Node (the CLI), so nothing here may pull in zod
 * or Node modules. Validation of what crosses a boundary lives with the providers.
 */

/** A product idea from the concept generator. */
export interface Concept {
  name: string;
  description: string;
  price: number;
  category: string;
  quote_primary: string;
  keywords: string[];
}

export type ProductStatus = 'pending' | 'generating' | 'ready' | 'published' | 'error';

/** A concept on its way to the shop. */
export interface GeneratedProduct extends Concept {
  /** Position in the run, stable across updates (list order is design order). */
  index: number;
  status: ProductStatus;
  imageUrl?: string;
  /** Where the print file and preview are, when the design provider keeps files. */
  files?: { print: string; preview: string };
  /** The print file as a URL the publisher reads (like imageUrl), when there is one; it goes to the shop with the product. */
  printUrl?: string;
  error?: string;
  /** The product id the shop returned on publishing (Shopify's or the embedded shop's). */
  shopProductId?: string;
  /** The storefront handle, when the publisher knows it. */
  handle?: string;
  /** Names this product in the shop, so publishing it again finds the product instead of making a second one. */
  publishKey?: string;
  /** After a failed publish: the publisher knows the shop holds nothing under the publish key (leftNothingInShop). */
  nothingInShop?: boolean;
}

export interface ConceptRequest {
  productCount: number;
  theme: string;
  brand: BrandProfile;
  /** Free-text brand guidelines; the providers use them (the original ignored them). */
  guidelines?: string;
}

export interface DesignRequestBody {
  productName: string;
  quote: string;
  category: string;
  colors: readonly string[];
}

export interface DesignResult {
  imageUrl: string;
  files?: { print: string; preview: string };
  /** The print file's URL in the same form as imageUrl (a file: URL from a directory store), when it was rendered. */
  printUrl?: string;
}

export interface PublishRequestBody {
  name: string;
  description: string;
  price: number;
  category: string;
  imageUrl: string;
  keywords: string[];
  /**
   * The 4500×5400 print file (http(s):, file: or data: URL, like imageUrl). When given, the shop keeps
   * it as a file linked from the product by the metafield custom.print_file, hidden from shoppers.
   */
  printUrl?: string;
  /** With a key, the publisher first looks for the product it made under that key and returns it instead of making another. */
  publishKey?: string;
}

export interface PublishResult {
  productId: string;
  handle?: string;
}

// The generator API's answers (GET /api/generator-settings, POST /api/generate-product-design).
/** What the /generator page needs to know before its first run. Never a secret. */
export interface GeneratorSettings {
  /** Pause after each design, in ms (GENERATOR_DELAY_MS). */
  delayMs: number;
  /** The shop's name in labels: "Publish to Shopify". */
  shopName: string;
  /** "offline (no OPENAI_API_KEY)" or "OpenAI (model, images model)". */
  generators: string;
  /** "the embedded shop" or "Shopify store my-shop.myshopify.com". */
  publishTo: string;
}

export interface DesignUrls {
  /** The preview (about 1024 px wide), for cards and publishing. */
  imageUrl: string;
  /** The 4500×5400 print file. */
  printUrl?: string;
}

export interface ConceptProvider {
  generateConcepts(request: ConceptRequest, signal?: AbortSignal): Promise<Concept[]>;
}

export interface DesignProvider {
  generateDesign(request: DesignRequestBody, signal?: AbortSignal): Promise<DesignResult>;
}

/** A product taken out of the shop by its publish key: the shop's product id, and its handle when known. */
export interface RemovedProduct {
  productId: string;
  handle?: string;
}

export interface Publisher {
  /** The shop's name as shown in labels ('Shopify' for both the embedded shop and a real store). */
  readonly shopName: string;
  publish(product: PublishRequestBody, signal?: AbortSignal): Promise<PublishResult>;
  /**
   * Deletes from the shop the product made under this publish key, if there is one (what a publish
   * that did not finish may have left there): the product removed, or undefined when the shop held
   * nothing under the key. Throws when the shop could not be asked or refused.
   */
  remove?(publishKey: string, signal?: AbortSignal): Promise<RemovedProduct | undefined>;
}

// ── Runs (docs/behaviour/generator.md, "Runs"): what the server keeps and the page shows ─────────

/**
 * Who did something: the staff member (their account id and email), or for the CLI, which has no staff
 * identity of its own, the operating-system account that ran it (`cli:{user}@{host}`, email empty).
 */
export interface Actor {
  id: string;
  email: string;
}

/** What a `tshirt-gen generate` run was asked for beyond count, theme and guidelines (`runs resume` follows it). */
export interface CliRunSettings {
  /** The command's output folder (print files, previews, concepts.json). */
  outDir: string;
  /** --offline: the offline generators even with OPENAI_API_KEY set. */
  offline: boolean;
  /** The offline generators' seed. */
  seed?: number;
  /** --publish: every ready product goes to the shop. */
  publish: boolean;
  delayMs: number;
}

export type RunState = 'running' | 'finished' | 'failed' | 'stopped';

/** One line of the "Runs" list. */
export interface RunSummary {
  id: string;
  createdAt: string;
  theme: string;
  count: number;
  state: RunState;
  /** Started on the /generator page, or by `tshirt-gen generate`. */
  source: 'page' | 'cli';
  ready: number;
  published: number;
  failed: number;
}

/** A product of a run as the page shows it: the page's status, what "generating" means, and its file URLs. */
export interface RunProductView extends Concept {
  index: number;
  status: ProductStatus;
  /** What a 'generating' product is doing: its design, or being published. */
  activity?: 'design' | 'publish';
  error?: string;
  failedStep?: 'design' | 'publish';
  imageUrl?: string;
  printUrl?: string;
  shopProductId?: string;
  handle?: string;
  publishedAt?: string;
  editedAt?: string;
  /** When disk clean-up removed its design files (a discarded product, or a run past DESIGN_RETENTION_DAYS). */
  filesRemovedAt?: string;
  /**
   * Not published, but a publish of it began and may have left it in the shop under its publish key:
   * it cannot be changed (Edit, Regenerate Design) until it is published, by Retry or Publish.
   */
  partlyPublished?: boolean;
}

/** A run as the page shows it. */
export interface RunView {
  id: string;
  createdAt: string;
  updatedAt: string;
  count: number;
  theme: string;
  guidelines?: string;
  state: RunState;
  /** The latest progress line ('Generating design 2/6: …'). */
  progress: string;
  /** Why the run failed ('Failed to generate products: {message}' carries it). */
  error?: string;
  source: 'page' | 'cli';
  actor: Actor | null;
  /** Goes up by one on every change. */
  version: number;
  /** Every product not discarded, in list order. */
  products: RunProductView[];
}
