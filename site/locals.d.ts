// What on-demand routes find in Astro's `locals`.
declare namespace App {
  interface Locals {
    /** The generator API's services, from the store server (npm start) or the dev server integration. */
    generator?: import('./features/generator/server/services.ts').GeneratorServices;
    /** Shopify webhook deliveries, from the store server (npm start). */
    webhooks?: import('./features/webhooks/server/receiver.ts').WebhookReceiver;
    /** Staff accounts (sessions, API keys, audit), from the same places. */
    staff?: import('../shared/staff/index.ts').Staff;
    /** Where the server that serves the built site listens (npm start), for checks of its own pages. */
    siteUrl?: string;
  }
}
