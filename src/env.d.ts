/// <reference types="astro/client" />

declare module 'virtual:storefront/render-scope' {
  const scope: import('./build/render-scope.ts').RenderScope | null;
  export default scope;
}
