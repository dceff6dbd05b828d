/** Our client directives (registered in node/astro-config.ts), for type checking in .astro files. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * src/client/directives/interaction.ts: hydrate on the first interaction; `member` hydrates at
     * idle when a session may exist, `param` at once when the address has that query parameter,
     * `wake` when the root element takes that class.
     */
    'client:interaction'?: boolean | { member?: boolean; param?: string; wake?: string };
  }
}
