/** Helpers for the generic master screens (toolbar, table, add/edit, filter and delete dialogs). */
import { expect, type Locator, type Page } from '@playwright/test';
import { openAccountMenu } from './session.ts';

/** Digits that make names unique per run (master names allow letters, digits, spaces and . , # -). */
export function uniqueSuffix(): string {
  return `${Date.now()}`.slice(-8);
}

/** Opens a screen from the sidebar and waits for its title and table. */
export async function openScreen(page: Page, menuName: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: menuName, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: menuName, exact: true })).toBeVisible();
  await expect(table(page)).toBeVisible();
}

/** The screen's list table (dialogs hold tables of their own, outside the main area). */
export const table = (page: Page): Locator => page.getByRole('main').getByRole('table');

/** The table's data rows (not the header row). */
export const dataRows = (page: Page): Locator =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** The data row with a cell showing exactly `text` (names are unique per run, so one row). */
export const rowByText = (page: Page, text: string): Locator =>
  dataRows(page).filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** The toolbar's search box ('Search Company Group Name..', 'Search User ID..', …). */
export const searchBox = (page: Page): Locator =>
  page.getByRole('main').getByRole('textbox', { name: /^Search/ });

/** Searches for `text` and returns its row (new records sort last, maybe beyond page 1). */
export async function findRow(page: Page, text: string): Promise<Locator> {
  await searchBox(page).fill(text);
  const row = rowByText(page, text);
  await expect(row).toBeVisible();
  return row;
}

export const toolbarButton = (page: Page, name: 'Add Data' | 'Filter Data' | 'Refresh'): Locator =>
  page.getByRole('main').getByRole('button', { name, exact: true });

/** The one open dialog (form, filter or deletion). */
export const dialog = (page: Page): Locator => page.getByRole('dialog');

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

/** Logout from the account menu. */
export async function logOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A text input, a select (`{ choose }`) or the operations checkboxes (`{ operations }`). */
export type FieldValue = string | { choose: string } | { operations: readonly string[] };

const OPERATIONS = ['read', 'create', 'update', 'delete'] as const;

/**
 * A select by its label. Its accessible name is the label followed by the chosen option
 * ('Company Group Nusantara Retail Group'), so the label is matched as the name's start.
 */
export function selectByLabel(scope: Locator | Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('combobox', { name: new RegExp(`^${escaped}(\\s|$)`) });
}

/** Picks an option of an MUI select (options of API-fed selects may still be loading). */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(select).toHaveText(option);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label; a required field's label carries the marker ' *' after it. */
export function fieldByLabel(scope: Locator | Page, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));
}

/** Fills the open form dialog, field by field, by their labels. */
export async function fillForm(
  page: Page,
  values: Readonly<Record<string, FieldValue>>,
): Promise<void> {
  const form = dialog(page);
  for (const [label, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      await fieldByLabel(form, label).fill(value);
    } else if ('choose' in value) {
      await choose(page, selectByLabel(form, label), value.choose);
    } else {
      const group = form.getByRole('group', { name: label, exact: true });
      for (const op of OPERATIONS) {
        await group
          .getByRole('checkbox', { name: op, exact: true })
          .setChecked(value.operations.includes(op));
      }
    }
  }
}

/** Add Data, the 'Tambah Data Baru' dialog for `entity`, fill it in. */
export async function openAddForm(page: Page, entity: string): Promise<void> {
  await toolbarButton(page, 'Add Data').click();
  await expect(dialog(page)).toContainText('Tambah Data Baru');
  await expect(dialog(page)).toContainText(`Menambahkan data ${entity} baru.`);
}

/**
 * The row's Edit button, then the 'Edit Data' dialog. A click that lands while the grid swaps
 * its rows (a refetch right after a save) is lost, as it would be for a person: click again.
 */
export async function openEditForm(page: Page, rowText: string, entity: string): Promise<void> {
  await expect(async () => {
    if (!(await dialog(page).isVisible()))
      await rowByText(page, rowText).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(dialog(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog(page)).toContainText('Edit Data');
  await expect(dialog(page)).toContainText(`Mengedit data ${entity}.`);
}

/** Save (enabled once the form is valid and the uniqueness look-up is done), the toast, the dialog gone. */
export async function saveDialog(page: Page, toast: string): Promise<void> {
  const save = dialog(page).getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, toast);
  await expect(dialog(page)).toBeHidden();
}

/** Add Data, fill, Save; then finds the new row by searching for `rowText`. */
export async function addRecord(
  page: Page,
  entity: string,
  values: Readonly<Record<string, FieldValue>>,
  toast: string,
  rowText: string,
): Promise<Locator> {
  await openAddForm(page, entity);
  await fillForm(page, values);
  await saveDialog(page, toast);
  return findRow(page, rowText);
}

/** The row's Delete button, 'Data Deletion', Continue, then the toast (success or failure). */
export async function deleteRow(page: Page, rowText: string, toast: string): Promise<void> {
  await rowByText(page, rowText).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Data Deletion' });
  await expect(confirm).toContainText('Are you sure you want to delete this data?');
  await confirm.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, toast);
  await expect(confirm).toBeHidden();
}

/** Filter Data, set the dialog's filters, Apply Filter. */
export async function applyFilter(
  page: Page,
  values: Readonly<Record<string, string>>,
): Promise<void> {
  await toolbarButton(page, 'Filter Data').click();
  const filter = page.getByRole('dialog', { name: 'Filter Data' });
  await expect(filter).toBeVisible();
  for (const [label, option] of Object.entries(values)) {
    await choose(page, selectByLabel(filter, label), option);
  }
  await filter.getByRole('button', { name: 'Apply Filter', exact: true }).click();
  await expect(filter).toBeHidden();
}

/** The pager's 'Showing {from} to {to} of {total} entries'. */
export async function expectShowing(
  page: Page,
  from: number,
  to: number,
  total: number,
): Promise<void> {
  await expect(
    page.getByText(`Showing ${from} to ${to} of ${total} entries`, { exact: true }),
  ).toBeVisible();
}

/** The total the pager reports once the table has loaded. */
export async function shownTotal(page: Page): Promise<number> {
  const pager = page.getByText(/^Showing \d+ to \d+ of \d+ entries$/);
  await expect(dataRows(page).first()).toBeVisible();
  const text = (await pager.textContent()) ?? '';
  return Number(/of (\d+) entries/.exec(text)?.[1]);
}

/** One figure of the summary card ('Ringkasan'), e.g. 'Jumlah Data'. */
export async function expectSummary(page: Page, label: string, value: number): Promise<void> {
  const figure = page.getByText(label, { exact: true }).locator('xpath=..');
  await expect(figure).toHaveText(new RegExp(`^${label}\\s*${value}$`));
}
