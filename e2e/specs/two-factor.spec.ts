/**
 * Two-factor sign-in end to end: a fresh user (made by the Superadmin through the API, so other
 * specs are unaffected) enrols from Manage Account by reading the key off the screen, signs out,
 * signs in with a recovery code, then with a code from the key (RFC 6238, computed here with the
 * same `otpauth` library the server uses).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { logOut, uniqueSuffix } from '../support/master.ts';
import { USERS, apiToken } from '../support/session.ts';

const PASSWORD = 'Tf-Pass-2fa-12345';
const STEP_MS = 30_000;

const totp = (key: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) });
const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

/** A Staff user with a login, made by the Superadmin through the API. */
async function createUser(
  request: APIRequestContext,
): Promise<{ username: string; password: string; userId: string }> {
  const headers = { authentication: await apiToken(request, USERS.superadmin) };
  const suffix = uniqueSuffix();
  const user = { userId: `tf${suffix}@tagih.id`, username: `tf${suffix}`, password: PASSWORD };
  const created = await request.post('/api/master/user', {
    headers,
    data: {
      userId: user.userId,
      userStatus: 1,
      usloUserName: user.username,
      usloPassword: user.password,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const role = await request.post('/api/master/User_Role', {
    headers,
    data: { usroUserId: user.userId, usroRoleId: 3 },
  });
  expect(role.ok(), await role.text()).toBe(true);
  await request.post('/api/security/authentication/logout', { headers });
  return user;
}

async function passwordStep(
  page: Page,
  user: { username: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('enrol from Manage Account, then sign in with a recovery code and with a code', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const user = await createUser(request);

  // Sign in with the password alone (two-factor is off) and enrol.
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/selectcompany$/);
  await page.goto('/dashboard/manage-account');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(section.getByRole('img', { name: 'Two-factor QR code' })).toBeVisible();
  const key = await section.getByLabel('Key').inputValue();
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledAt = Date.now();
  await section.getByLabel('Code').fill(totp(key).generate({ timestamp: enrolledAt }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
  await expect(section.getByRole('button', { name: 'Download' })).toBeVisible();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();
  await logOut(page);

  // The second step with a recovery code; it works once.
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/selectcompany$/);
  await page.goto('/dashboard/manage-account');
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('Two-factor sign-in is on.'),
  ).toBeVisible();
  await logOut(page);

  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('The code is not valid. Check your authenticator app and try again.'),
  ).toBeVisible();

  // The second step with a code from the app: a code of a later step than the one enrolment used.
  await page.getByRole('button', { name: 'Use a code from the app' }).click();
  const wait = (stepOf(enrolledAt) + 1) * STEP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 500);
  await page.getByLabel('Code').fill(totp(key).generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/selectcompany$/);
});
