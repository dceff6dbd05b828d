/** Shoppers for browser tests: a fresh member each (the suite's tests share one commerce API), and the sample catalogue. */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { CatalogueProduct } from '../../scripts/local-cms/catalogue-schema.ts';

export const PASSWORD = 'Shopper2026';

/** Registers a member through the API; the page's cookies are untouched. */
export async function newMember(page: Page, label: string): Promise<{ email: string; name: string }> {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@linea.example`;
  const name = `Shopper ${label}`;
  const answer = await (await page.request.post('/api/auth/register', { data: { name, email, password: PASSWORD, agreeTerms: true } })).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  // Registering set this context's refresh cookie: sign out so the member starts as a visitor.
  await page.context().clearCookies();
  return { email, name };
}

/** Fills the login form the page is on. */
export async function signInOnPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(/電子郵件或手機號碼|Email or mobile number/).fill(email);
  await page.getByLabel(/^密碼$|^Password$/).fill(password);
  await page.locator('main form button[type="submit"]').click();
}

export function catalogue(): CatalogueProduct[] {
  return (JSON.parse(readFileSync('.data/cms/catalogue.json', 'utf8')) as { products: CatalogueProduct[] }).products;
}

/** A switched-on product whose first colour has a sold-out size beside sizes in stock. */
export function productWithSoldOutSize(): { product: CatalogueProduct; soldOut: CatalogueProduct['skus'][number]; inStock: CatalogueProduct['skus'][number] } {
  for (const product of catalogue()) {
    if (product.enabledFlag !== 'Y') continue;
    const first = product.skus.filter((s) => s.colorNo === product.colours[0]!.colorNo);
    const soldOut = first.find((s) => s.stock === 0);
    const inStock = first.find((s) => s.stock > 5);
    if (soldOut && inStock) return { product, soldOut, inStock };
  }
  throw new Error('The sample catalogue has no product with a sold-out size beside one in stock');
}
