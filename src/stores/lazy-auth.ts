/**
 * The sign-in actions and the API client, loaded on first use. Stores and islands that a
 * visitor's page carries import from here, so the client and the contract's schemas (zod)
 * are fetched only when a session may exist or an action needs the API.
 */
export const loadAuth = () => import('./auth.ts');

export const apiClient = async () => (await loadAuth()).api();
