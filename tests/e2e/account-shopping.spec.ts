/**
 * The member's shopping pages: favourites with the products no longer for sale marked. (The
 * coupon pages are coupons.spec.ts's.)
 */
import { expect, test } from './test.ts';
import { catalogue, newMember, signInOnPage } from './shopper.ts';

test('favourites list the wishlist, mark what can no longer be bought, and removing updates the badge', async ({ page }) => {
  const member = await newMember(page, 'fav');
  const valid = catalogue().find((p) => p.enabledFlag === 'Y' && p.approval === 'LIST')!;
  const invalid = catalogue().find((p) => p.enabledFlag === 'N')!;
  for (const product of [invalid, valid]) {
    const answer = await (
      await page.request.post('/api/wish/insert', {
        headers: member.auth,
        data: { productList: [{ productCode: product.productCode, skuCode: '' }], cartList: [] },
      })
    ).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
  }
  await page.goto('/account/favorites.html');
  await expect(page).toHaveURL(/\/login\.html\?redirect_url=/);
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(/\/account\/favorites\.html$/);
  const items = page.locator('.favorite');
  await expect(items).toHaveCount(2);
  await expect(page.locator(`.favorite[data-product-code="${invalid.productCode}"]`)).toHaveAttribute('data-invalid', 'true');
  await expect(page.locator(`.favorite[data-product-code="${valid.productCode}"]`)).not.toHaveAttribute('data-invalid');
  await expect(page.locator('.wishlist-badge .count-badge')).toHaveText('2');
  await page.locator(`.favorite[data-product-code="${invalid.productCode}"] .favorite__remove`).click();
  await expect(items).toHaveCount(1);
  await expect(page.locator('.wishlist-badge .count-badge')).toHaveText('1');
});
