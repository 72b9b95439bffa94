// Lets pages write `client:interact` (optionally `="stale"` or `="cart"`) and `client:focus` on an island (registered in integration.ts).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interact'?: boolean | import('./interact.ts').InteractMode;
    'client:focus'?: boolean;
  }
}
export {};
