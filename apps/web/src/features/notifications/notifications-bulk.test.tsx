import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  type BulkJobDetail,
  type BulkPreview,
  type NotificationRow,
} from '@tagih/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotificationsScreen } from './notifications-screen.tsx';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { businessToday } from '../../hooks/list-url.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { loadLazyParts } from '../../test/lazy-parts.ts';

beforeAll(loadLazyParts, 60_000);

const LIST = '/api/dashboard/notification';
const row = (notiId: number): NotificationRow => ({
  notiId,
  notiTrctId: notiId * 10,
  notiOrderId: `INV-${notiId}`,
  trctVirtualAccountNo: '8808001',
  trctType: 'VA',
  notiStatus: 1,
  notiCreatedTime: '2025-03-10T03:00:00.000Z',
  notiAttempts: 7,
  notiNextAttemptAt: null,
  notiLastHttpStatus: 500,
  notiLastError: 'HTTP 500',
});
const ROWS = [row(13), row(12), row(11)];

const PREVIEW: BulkPreview = {
  action: 'resend',
  source: 'notification',
  selected: 3,
  eligible: 2,
  skipped: [{ reason: 'queued', count: 1 }],
  groups: [{ name: 'Toko Maju Callback', count: 2 }],
  perGroupPerMinute: 60,
  estimatedSeconds: 2,
  maxItems: 5000,
};

const job = (status: BulkJobDetail['status'], done: boolean): BulkJobDetail => ({
  jobId: 7,
  action: 'resend',
  source: 'notification',
  reason: 'Merchant down last night',
  status,
  createdBy: 'budi',
  createdAt: '2025-03-10T03:00:00.000Z',
  finishedAt: done ? '2025-03-10T03:00:02.000Z' : null,
  total: 3,
  counts: { pending: done ? 0 : 2, succeeded: done ? 1 : 0, failed: done ? 1 : 0, skipped: 1 },
  items: [
    {
      itemId: 1,
      trctId: 130,
      orderId: 'INV-13',
      group: 'Toko Maju Callback',
      status: done ? 'succeeded' : 'pending',
      message: done ? 'Merchant menjawab HTTP 200' : null,
      finishedAt: null,
    },
    {
      itemId: 2,
      trctId: 120,
      orderId: 'INV-12',
      group: 'Toko Maju Callback',
      status: done ? 'failed' : 'pending',
      message: done ? 'Merchant menjawab HTTP 500' : null,
      finishedAt: null,
    },
    {
      itemId: 3,
      trctId: 110,
      orderId: 'INV-11',
      group: 'Toko Maju Callback',
      status: 'skipped',
      message: 'Sudah dalam antrean aksi massal #6',
      finishedAt: null,
    },
  ],
});

function start({ running = false }: { running?: boolean } = {}) {
  let polls = 0;
  const { items: _items, ...runningJob } = job('running', false);
  const api = fakeApi(
    { dashboard_notification: ['read'], dashboard_transactionva: ['read'] },
    {
      [`GET ${LIST}`]: () =>
        envelopeResponse({
          data: ROWS,
          pagination: { totalData: 40, totalPage: 4, page: 1, itemPerPage: 10 },
          fields: [],
        }),
      'GET /api/bulk-actions': () => envelopeResponse(running && polls === 0 ? [runningJob] : []),
      'POST /api/bulk-actions/preview': () => envelopeResponse(PREVIEW),
      'POST /api/bulk-actions': () => envelopeResponse(job('running', false)),
      // Running on the first poll, done on the next.
      'GET /api/bulk-actions/7': () =>
        envelopeResponse(job(++polls > 1 ? 'done' : 'running', polls > 1)),
    },
  );
  renderUi(<NotificationsScreen />);
  return api;
}

const checkboxOf = async (orderId: string) =>
  within((await screen.findByText(orderId)).closest('tr')!).getByRole('checkbox');

describe('Bulk re-send on Notifications', { timeout: 30_000 }, () => {
  it('picks rows, previews, requires a reason, runs once and shows each outcome', async () => {
    const user = userEvent.setup();
    const api = start();
    await user.click(await checkboxOf('INV-13'));
    await user.click(await checkboxOf('INV-12'));
    await user.click(await checkboxOf('INV-11'));
    const bar = screen.getByRole('region', { name: 'Aksi massal' });
    expect(bar).toHaveTextContent('3 baris dipilih');
    await user.click(within(bar).getByRole('button', { name: 'Kirim ulang notifikasi' }));

    const dialog = await screen.findByRole('dialog', { name: 'Kirim ulang notifikasi massal' });
    await within(dialog).findByText(/Akan diproses:/);
    expect(dialog).toHaveTextContent('Akan diproses: 2 dari 3 baris yang dipilih.');
    expect(within(dialog).getByRole('list', { name: 'Tidak diproses' })).toHaveTextContent(
      'Sudah dalam antrean aksi massal: 1',
    );
    expect(within(dialog).getByRole('table', { name: 'Per Merchant' })).toHaveTextContent(
      'Toko Maju Callback2',
    );
    expect(api.callsTo('POST', '/api/bulk-actions/preview')[0]!.body).toEqual({
      action: 'resend',
      source: 'notification',
      selection: { ids: [13, 12, 11] },
    });

    // No reason: nothing is sent, the field says why.
    const run = within(dialog).getByRole('button', { name: 'Jalankan (2)' });
    await user.click(run);
    expect(within(dialog).getByText('Alasan wajib diisi')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/bulk-actions')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Alasan' }),
      'Merchant down last night',
    );
    const listCallsBefore = api.callsTo('GET', LIST).length;
    clickTwiceAtOnce(run);
    await waitFor(() => expect(dialog).toHaveTextContent('Selesai'), { timeout: 10_000 });
    // The ended job reloads the list it changed, once.
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(listCallsBefore + 1));
    // Two clicks at once sent one start (and a second would have carried the same key: the same job).
    const starts = api.callsTo('POST', '/api/bulk-actions');
    expect(starts).toHaveLength(1);
    const body = starts[0]!.body as { reason: string; idempotencyKey: string };
    expect(body.reason).toBe('Merchant down last night');
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const outcomes = within(dialog).getByRole('table', { name: 'Hasil per baris' });
    expect(
      within(outcomes)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'INV-13Toko Maju CallbackBerhasilMerchant menjawab HTTP 200',
      'INV-12Toko Maju CallbackGagalMerchant menjawab HTTP 500',
      'INV-11Toko Maju CallbackDilewatiSudah dalam antrean aksi massal #6',
    ]);
    expect(dialog).toHaveTextContent('Berhasil 1 · Gagal 1 · Dilewati 1 · Menunggu 0');
    // The selection was used up.
    expect(screen.queryByRole('region', { name: 'Aksi massal' })).not.toBeInTheDocument();
  });

  it('after a reload, a job still running is announced and its progress can be opened again', async () => {
    const user = userEvent.setup();
    const api = start({ running: true });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Kirim ulang notifikasi massal #7 sedang berjalan: 1 dari 3 selesai.',
    );
    const asked = api.callsTo('GET', '/api/bulk-actions')[0]!.url.searchParams;
    expect([asked.get('status'), asked.get('source')]).toEqual(['running', 'notification']);
    await user.click(within(banner).getByRole('button', { name: 'Lihat progres' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kirim ulang notifikasi massal' });
    await waitFor(() => expect(dialog).toHaveTextContent('Selesai'));
    // Following a job never starts one.
    expect(api.callsTo('POST', '/api/bulk-actions')).toHaveLength(0);
    expect(api.callsTo('POST', '/api/bulk-actions/preview')).toHaveLength(0);
  });

  it('"Pilih semua" sends the list query for every page, not the ids', async () => {
    const user = userEvent.setup();
    const api = start();
    await screen.findByText('INV-13');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    const bar = screen.getByRole('region', { name: 'Aksi massal' });
    await user.click(within(bar).getByRole('button', { name: 'Pilih semua 40 yang cocok' }));
    expect(bar).toHaveTextContent('Semua 40 baris yang cocok dipilih');
    await user.click(within(bar).getByRole('button', { name: 'Kirim ulang notifikasi' }));
    await screen.findByRole('dialog', { name: 'Kirim ulang notifikasi massal' });
    await waitFor(() => expect(api.callsTo('POST', '/api/bulk-actions/preview')).toHaveLength(1));
    const { selection } = api.callsTo('POST', '/api/bulk-actions/preview')[0]!.body as {
      selection: { query: Record<string, string> };
    };
    expect(selection.query.from).toBe(addDays(businessToday(), -29));
    expect(selection.query).toMatchObject({ orderField: 'notiCreatedTime', orderValue: 'desc' });
    expect(selection.query).not.toHaveProperty('page');
    expect(selection.query).not.toHaveProperty('max');
  });

  it('"Perlu tindakan" asks the list for its work queue and keeps the status filter', async () => {
    const user = userEvent.setup();
    const api = start();
    await screen.findByText('INV-13');
    const toggle = screen.getByRole('button', { name: 'Perlu tindakan' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() =>
      expect(api.callsTo('GET', LIST).at(-1)!.url.searchParams.get('queue')).toBe('attention'),
    );
    expect(screen.getByRole('button', { name: 'Perlu tindakan' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Perlu tindakan' }));
    await waitFor(() =>
      expect(api.callsTo('GET', LIST).at(-1)!.url.searchParams.get('queue')).toBeNull(),
    );
  });
});
