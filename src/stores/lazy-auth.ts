/**
 * The sign-in actions and the API client, loaded on first use. Stores and islands that a
 * visitor's page carries import from here, so the client and the contract's schemas (zod)
 * are fetched only when a session may exist or an action needs the API.
 */
export const loadAuth = () => import('./auth.ts');

export const apiClient = async () => (await loadAuth()).api();

/**
 * For an action only a member may take (add to cart, the wishlist): true once signed in, the
 * session restored first if the shopper acted before it was; otherwise the login flow starts
 * (with redirect_url back here) and the answer is false.
 */
export async function requireMember(): Promise<boolean> {
  const auth = await loadAuth();
  if (await auth.restoreSession()) return true;
  auth.goToLogin();
  return false;
}
