import { expect, type Page } from '@playwright/test';

export const PASSWORDS = { admin: 'e2e-admin-pass', demo: 'e2e-demo-pass' } as const;
export const USERS = {
  superadmin: { username: 'admin', password: PASSWORDS.admin },
  admin: { username: 'rina', password: PASSWORDS.demo },
  staff: { username: 'budi', password: PASSWORDS.demo },
} as const;

export async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/selectcompany$/);
}

export async function chooseCompany(page: Page, companyName: string): Promise<void> {
  await page.getByLabel('Company').click();
  await page.getByRole('option', { name: companyName }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
}

export async function signInWithCompany(page: Page, user: { username: string; password: string }, companyName = 'PT Toko Maju'): Promise<void> {
  await signIn(page, user);
  await chooseCompany(page, companyName);
}

/** The sidebar's navigation entries, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link').nth(1)).toBeVisible(); // the status (and so the menu) has loaded
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

export async function openAccountMenu(page: Page): Promise<void> {
  // A toast may still cover the top-right corner for a moment; try until the menu is open.
  await expect(async () => {
    await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 2000 });
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}
