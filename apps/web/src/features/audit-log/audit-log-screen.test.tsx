import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEventRow } from '@tagih/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../test/fake-api.ts';
import { catchDownloads } from '../../test/downloads.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { AuditLogScreen } from './audit-log-screen.tsx';
import { loadLazyParts } from '../../test/lazy-parts.ts';

beforeAll(loadLazyParts, 60_000);

const LIST = '/api/audit';
const EXPORT = '/api/audit/export.csv';
const REVIEW = '/api/audit/access-review.csv';

const event = (audtId: number, extra: Partial<AuditEventRow> = {}): AuditEventRow => ({
  audtId,
  audtAt: '2025-03-10T03:00:00.123Z',
  audtActorUserId: 'admin@tagih.id',
  audtActorUsername: 'admin',
  audtCompId: null,
  audtIp: '10.0.0.7',
  audtUserAgent: 'Mozilla/5.0',
  audtAction: 'auth.login.succeeded',
  audtTargetType: null,
  audtTargetId: null,
  audtOutcome: 'success',
  audtDetails: {},
  audtPrevHash: 'a'.repeat(64),
  audtHash: 'b'.repeat(64),
  ...extra,
});

const UPDATED = event(7, {
  audtAction: 'master.user.updated',
  audtTargetType: 'user',
  audtTargetId: 'rina@tagih.id',
  audtDetails: {
    resource: 'user',
    before: { userStatus: 1, usloUserName: 'rina', usloPassword: '[redacted]' },
    after: { userStatus: 0, usloUserName: 'rina', usloPassword: '[redacted]' },
  },
});
const ROWS: AuditEventRow[] = [
  UPDATED,
  event(6, {
    audtAction: 'auth.login.failed',
    audtOutcome: 'failure',
    audtActorUsername: 'rina',
    audtActorUserId: null,
  }),
  event(5, {
    audtAction: 'access.denied',
    audtOutcome: 'denied',
    audtActorUsername: 'budi',
    audtIp: null,
    audtDetails: { method: 'GET', path: '/api/audit', needed: 'audit_log.read' },
  }),
];

function start(handlers: Record<string, FakeHandler> = {}) {
  const api = fakeApi(
    { audit_log: ['read'] },
    {
      [`GET ${LIST}`]: () =>
        envelopeResponse({
          data: ROWS,
          pagination: { totalData: 3, totalPage: 1, page: 1, itemPerPage: 10 },
          fields: [],
        }),
      [`GET ${LIST}/7`]: () => envelopeResponse(UPDATED),
      ...handlers,
    },
  );
  renderUi(<AuditLogScreen />);
  return { api, lastList: () => api.callsTo('GET', LIST).at(-1)!.url.searchParams };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Audit Log screen', { timeout: 20_000 }, () => {
  it('lists today (Jakarta) newest first: time, user, action, outcome chip, target, IP', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T18:00:00Z')); // 11 March in Jakarta
    const { lastList } = start();
    const updated = await rowOf('master.user.updated');
    expect(cells(updated)).toEqual([
      '2025-03-10 10:00:00',
      'admin',
      'master.user.updated',
      'success',
      'user rina@tagih.id',
      '10.0.0.7',
      'Detail',
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Time',
      'User',
      'Action',
      'Outcome',
      'Target',
      'IP Address',
      'Actions',
    ]);
    const chip = (row: HTMLElement, word: string) =>
      within(row).getByText(word).closest('.MuiChip-root');
    expect(chip(updated, 'success')).toHaveClass('MuiChip-colorSuccess');
    expect(chip(await rowOf('auth.login.failed'), 'failure')).toHaveClass('MuiChip-colorWarning');
    const denied = await rowOf('access.denied');
    expect(chip(denied, 'denied')).toHaveClass('MuiChip-colorError');
    expect(within(denied).getAllByText('N/A')).toHaveLength(2); // no target, no IP

    expect(lastList().get('from')).toBe('2025-03-11');
    expect(lastList().get('to')).toBe('2025-03-11');
    expect(lastList().has('orderField')).toBe(false); // the server's order: newest first
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('2025-03-11 - 2025-03-11');
  });

  it('asks for the user, the action, the outcome, the target and the dates it is given', async () => {
    const user = userEvent.setup();
    const { lastList } = start();
    await rowOf('master.user.updated');

    await user.type(screen.getByRole('textbox', { name: 'Search User..' }), 'rin');
    await waitFor(() => expect(lastList().get('finds[audtActorUsername]')).toBe('rin'));

    await user.click(screen.getByRole('button', { name: 'Filter Data' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter Data' });
    expect(within(dialog).getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'By Action' }));
    const actions = screen.getAllByRole('option').map((o) => o.textContent);
    expect(actions[0]).toBe('All');
    expect(actions).toContain('master.user.created');
    await user.click(screen.getByRole('option', { name: 'auth.login.failed' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'By Outcome' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'success',
      'failure',
      'denied',
    ]);
    await user.click(screen.getByRole('option', { name: 'failure' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'By Target Type' }), 'user');
    await user.type(within(dialog).getByRole('textbox', { name: 'By Target Id' }), 'rina@');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filter' }));

    await waitFor(() =>
      expect(lastList().get('finds[audtAction][equal]')).toBe('auth.login.failed'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const query = lastList();
    expect(query.get('finds[audtOutcome][equal]')).toBe('failure');
    expect(query.get('finds[audtTargetType]')).toBe('user');
    expect(query.get('finds[audtTargetId]')).toBe('rina@');
    expect(query.get('finds[audtActorUsername]')).toBe('rin');
    expect(query.get('page')).toBe('1');

    await user.click(screen.getByRole('textbox', { name: 'Select Date Range' }));
    const calendar = screen.getByRole('dialog', { name: 'Select Date Range' });
    await within(calendar).findByRole('grid'); // the calendar's own chunk has loaded
    const days = calendar.querySelectorAll<HTMLElement>('td[data-day] button');
    await user.click(days[2]!);
    await user.click(days[4]!);
    const [from, to] = [2, 4].map((i) => days[i]!.closest('td')!.getAttribute('data-day'));
    await waitFor(() => expect(lastList().get('from')).toBe(from));
    expect(lastList().get('to')).toBe(to);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('textbox', { name: 'Search User..' })).toHaveValue('');
    await waitFor(() => expect(lastList().has('finds[audtAction][equal]')).toBe(false));
    expect([...lastList().keys()].filter((k) => k.startsWith('finds'))).toEqual([]);
  });

  it('shows every field of an event and a change as before / after side by side', async () => {
    const user = userEvent.setup();
    const { api } = start();
    await user.click(
      within(await rowOf('master.user.updated')).getByRole('button', { name: 'Detail' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Audit Event #7/ });
    await waitFor(() => expect(api.callsTo('GET', `${LIST}/7`)).toHaveLength(1)); // the server records the reading

    const summary = within(dialog).getByRole('table', { name: 'Event' });
    const record = within(dialog).getByRole('table', { name: 'Record' });
    const value = (label: string) =>
      (
        within(summary).queryByRole('rowheader', { name: label }) ??
        within(record).getByRole('rowheader', { name: label })
      ).nextElementSibling!.textContent;
    expect(
      within(summary)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'ID',
      'Time',
      'User',
      'User Id',
      'Action',
      'Outcome',
      'Target Type',
      'Target Id',
      'Company Id',
      'IP Address',
    ]);
    expect(
      within(record)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['User Agent', 'Previous Hash', 'Hash']);
    expect(value('ID')).toBe('7');
    expect(value('Time')).toBe('2025-03-10 10:00:00 (Asia/Jakarta)2025-03-10T03:00:00.123Z');
    expect(value('User')).toBe('admin');
    expect(value('User Id')).toBe('admin@tagih.id');
    expect(value('Action')).toBe('master.user.updated');
    expect(value('Outcome')).toBe('success');
    expect(value('Target Type')).toBe('user');
    expect(value('Target Id')).toBe('rina@tagih.id');
    expect(value('Company Id')).toBe('N/A');
    expect(value('IP Address')).toBe('10.0.0.7');
    expect(value('User Agent')).toBe('Mozilla/5.0');
    expect(value('Hash')).toBe('b'.repeat(64));
    expect(value('Previous Hash')).toBe('a'.repeat(64));

    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    const [status, username, password] = within(changes).getAllByRole('row').slice(1);
    expect(
      within(status!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['StatususerStatus', '1', '0']);
    expect(status).toHaveAttribute('data-changed', 'true');
    expect(
      within(username!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['UsernameusloUserName', 'rina', 'rina']);
    expect(username).toHaveAttribute('data-changed', 'false');
    // A password change shows, its value never.
    expect(
      within(password!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['PasswordusloPassword', '[redacted]', '[redacted]']);
    expect(password).toHaveAttribute('data-changed', 'true');

    const details = within(dialog).getByRole('table', { name: 'Details' });
    expect(
      within(details).getByRole('rowheader', { name: 'resource' }).nextElementSibling!.textContent,
    ).toBe('user');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a row on click; a created record has only an after side; other details read as key / value', async () => {
    const user = userEvent.setup();
    const created = event(8, {
      audtAction: 'master.user.created',
      audtTargetType: 'user',
      audtTargetId: 'new@tagih.id',
      audtDetails: { after: { userId: 'new@tagih.id', userStatus: 1 } },
    });
    start({
      [`GET ${LIST}/8`]: () => envelopeResponse(created),
      [`GET ${LIST}/5`]: () => envelopeResponse(ROWS[2]),
      [`GET ${LIST}`]: () =>
        envelopeResponse({
          data: [created, ROWS[2]],
          pagination: { totalData: 2, totalPage: 1, page: 1, itemPerPage: 10 },
          fields: [],
        }),
    });
    await user.click(await screen.findByText('master.user.created'));
    let dialog = await screen.findByRole('dialog', { name: /Audit Event #8/ });
    const rows = within(within(dialog).getByRole('table', { name: 'Changes' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['User IDuserId', 'N/A', 'new@tagih.id'],
      ['StatususerStatus', 'N/A', '1'],
    ]);
    expect(rows.every((r) => r.getAttribute('data-changed') === 'true')).toBe(true);
    expect(within(dialog).queryByRole('heading', { name: 'Details' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await rowOf('access.denied')).getByRole('button', { name: 'Detail' }));
    dialog = await screen.findByRole('dialog', { name: /Audit Event #5/ });
    expect(within(dialog).queryByRole('table', { name: 'Changes' })).not.toBeInTheDocument();
    const details = within(dialog).getByRole('table', { name: 'Details' });
    expect(
      within(details)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['methodGET', 'path/api/audit', 'neededaudit_log.read']);
  });

  it('exports the filtered events as audit_events.csv and the access review as access_review.csv', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const { api, lastList } = start({
      [`GET ${EXPORT}`]: () =>
        new Response('"ID"\r\n"7"\r\n', { headers: { 'Content-Type': 'text/csv' } }),
      [`GET ${REVIEW}`]: () =>
        new Response('"User Id"\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await rowOf('master.user.updated');
    await user.click(screen.getByRole('button', { name: 'Filter Data' }));
    await user.click(screen.getByRole('combobox', { name: 'By Outcome' }));
    await user.click(screen.getByRole('option', { name: 'denied' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(lastList().get('finds[audtOutcome][equal]')).toBe('denied'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['audit_events.csv']));
    const request = api.callsTo('GET', EXPORT)[0]!;
    expect(request.headers.Authentication).toBe('token-1');
    const sent = Object.fromEntries(request.url.searchParams);
    const { page: _page, max: _max, ...listed } = Object.fromEntries(lastList());
    expect(sent).toEqual(listed);
    expect(sent).toMatchObject({
      'finds[audtOutcome][equal]': 'denied',
      from: lastList().get('from'),
      to: lastList().get('to'),
    });

    await user.click(screen.getByRole('button', { name: 'Access Review' }));
    await waitFor(() => expect(saved).toEqual(['audit_events.csv', 'access_review.csv']));
    expect(api.callsTo('GET', REVIEW)[0]!.url.search).toBe('');
  });

  it("says 'Gagal mengekspor data' with the server's reason", async () => {
    const user = userEvent.setup();
    start({
      [`GET ${REVIEW}`]: () =>
        envelopeResponse(null, {
          status: 403,
          error: 1,
          message: 'You do not have permission to do this. (needs audit_log.read)',
        }),
    });
    await rowOf('master.user.updated');
    await user.click(screen.getByRole('button', { name: 'Access Review' }));
    expect(await screen.findByText('Gagal mengekspor data')).toBeInTheDocument();
    expect(
      screen.getByText('You do not have permission to do this. (needs audit_log.read)'),
    ).toBeInTheDocument();
  });
});
