// Lets pages write `client:interact` and `client:focus` on an island (registered in integration.ts).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interact'?: boolean;
    'client:focus'?: boolean;
  }
}
export {};
