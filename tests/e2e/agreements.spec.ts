/**
 * The membership agreement and privacy policy prompts as a member meets them:
 * the store's admin publishes new versions; the member is asked on their next page, the
 * agreement before the privacy policy; agreeing keeps each; a version changed while the prompt
 * was open is refused with its message and the new one asked for; declining signs out and goes
 * home. The versions are the whole store's, so each test puts them back.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { watchRequests } from './page-time.ts';
import { SESSION_HINT_COOKIE } from '../../src/lib/api/cookies.ts';
import { newMember, signInOnPage, type TestMember } from './shopper.ts';

const IN_FORCE = {
  membershipAgreementVersion: '2026.1',
  membershipAgreementPopFlag: 'Y',
  privacyPolicyVersion: '2026.1',
  privacyPolicyPopFlag: 'Y',
};

async function publishVersions(page: Page, versions: Partial<typeof IN_FORCE>): Promise<void> {
  const answer = await (
    await page.request.post('/api/_admin/agreements', { data: { ...IN_FORCE, ...versions }, headers: { accept: 'application/json' } })
  ).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
}

async function accepted(page: Page, member: TestMember): Promise<{ membershipAgreementVersion: string; privacyPolicyVersion: string }> {
  return (await (await page.request.get('/api/member/info', { headers: member.auth })).json()).resp;
}

/** Resolves once the page has read both sides of the comparison and what it asked for next has arrived: it has shown what it decided. */
async function versionsChecked(page: Page, action: () => Promise<unknown>): Promise<void> {
  const read = Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/member/membership-version')),
    page.waitForResponse((r) => r.url().endsWith('/api/member/info')),
  ]);
  const watch = watchRequests(page);
  await action();
  await read;
  await watch.quiet(page);
  watch.stop();
}

async function signInAs(page: Page, member: TestMember): Promise<void> {
  await page.goto('/en-gb/login.html');
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
}

test.describe.configure({ mode: 'serial' });
test.afterEach(async ({ page }) => publishVersions(page, IN_FORCE));

test('a member agrees to the new terms, then to the new privacy policy; each is kept', async ({ page }) => {
  const member = await newMember(page, 'terms', { address: false });
  await publishVersions(page, { membershipAgreementVersion: '2027.1', privacyPolicyVersion: '2027.2' });
  await signInAs(page, member);

  const terms = page.getByRole('dialog', { name: 'Our membership terms have changed' });
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('(version 2027.1)');
  await expect(terms.getByRole('link', { name: 'Read the membership terms' })).toHaveAttribute('href', '/en-gb/membership-agreement.html');
  await expect(page.locator('html')).toHaveClass(/\bhas-popup\b/);
  // Focus went into the dialog: the keyboard starts there.
  expect(await terms.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await terms.getByRole('button', { name: 'Agree', exact: true }).click();

  // The privacy policy comes after the agreement, never before or beside it.
  const privacy = page.getByRole('dialog', { name: 'Our privacy policy has changed' });
  await expect(privacy).toContainText('(version 2027.2)');
  await expect(terms).toHaveCount(0);
  await privacy.getByRole('button', { name: 'Agree', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/\bhas-popup\b/);
  expect(await accepted(page, member)).toMatchObject({ membershipAgreementVersion: '2027.1', privacyPolicyVersion: '2027.2' });

  // Kept: the next page asks nothing.
  await versionsChecked(page, () => page.goto('/en-gb/account/info.html'));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a version changed while the prompt was open is refused with its message, and the new one is asked for', async ({ page }) => {
  const member = await newMember(page, 'stale', { address: false });
  await publishVersions(page, { membershipAgreementVersion: '2027.1' });
  await signInAs(page, member);
  await expect(page.getByRole('dialog', { name: 'Our membership terms have changed' })).toContainText('2027.1');
  await publishVersions(page, { membershipAgreementVersion: '2027.5' });
  await page.getByRole('button', { name: 'Agree', exact: true }).click();

  const refused = page.getByRole('dialog', { name: 'Your agreement was not saved' });
  await expect(refused).toContainText('The terms changed while you were reading them. Please read the new version.');
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Our membership terms have changed' })).toContainText('(version 2027.5)');
  expect((await accepted(page, member)).membershipAgreementVersion).toBe('2026.1');
});

test('closing without a choice asks again on the next page; declining signs the member out and goes home', async ({ page }) => {
  const member = await newMember(page, 'decline', { address: false });
  await publishVersions(page, { membershipAgreementVersion: '2027.1', membershipAgreementPopFlag: 'Y' });
  await signInAs(page, member);
  const terms = page.getByRole('dialog', { name: 'Our membership terms have changed' });
  await expect(terms).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(terms).toHaveCount(0);

  await page.goto('/en-gb/women.html');
  await expect(terms).toBeVisible();
  // A click outside the dialog's box closes it too.
  await page.mouse.click(5, 5);
  await expect(terms).toHaveCount(0);

  await page.goto('/en-gb/men.html');
  await terms.getByRole('button', { name: 'Decline and sign out' }).click();
  await expect(page).toHaveURL(/\/en-gb\/$/);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === SESSION_HINT_COOKIE)).toBe(false);
  expect((await accepted(page, member)).membershipAgreementVersion).toBe('2026.1');
});

test('no prompt while its pop flag is N', async ({ page }) => {
  const member = await newMember(page, 'noflag', { address: false });
  await publishVersions(page, { membershipAgreementVersion: '2027.1', membershipAgreementPopFlag: 'N' });
  await versionsChecked(page, () => signInAs(page, member));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
