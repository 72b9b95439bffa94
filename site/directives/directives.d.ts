// Lets pages write `client:interact` on an island (registered in integration.ts).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interact'?: boolean;
  }
}
export {};
