import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RECON_RESOLVE_TEXT,
  type AccessMap,
  type BreakDetail,
  type BreakRow,
  type StatementImportResult,
  type StatementRow,
} from '@tagih/contract';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { deferred, fakeApi, type FakeHandler } from '../../test/fake-api.ts';
import { catchDownloads } from '../../test/downloads.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { BreakDetailScreen } from './break-detail-screen.tsx';
import { ReconciliationScreen } from './reconciliation-screen.tsx';

const BREAKS = '/api/recon/breaks';
const COUNTS = '/api/recon/breaks/counts';
const BULK = '/api/recon/breaks/resolve';
const STATEMENTS = '/api/recon/statements';
const FULL: AccessMap = { reconciliation: ['read', 'create', 'update'] };

const row = (rbrkId: number, extra: Partial<BreakRow> = {}): BreakRow => ({
  rbrkId,
  category: 'amount',
  status: 'open',
  at: '2026-11-19T00:00:00.000Z',
  compId: 1,
  compName: 'PT Toko Maju',
  baccId: 1,
  bank: 'BRI',
  accountNo: '0123456789012',
  lineId: 10 + rbrkId,
  lineDay: '2026-11-19',
  lineAmount: 200001,
  lineReference: 'FT1',
  lineNarrative: 'TRANSFER VA 77001081200000044',
  trctId: 100 + rbrkId,
  trctOrderId: `VA-${rbrkId}`,
  trctAmount: 200000,
  trctStatus: '00',
  paidAt: '2026-11-19T03:00:00.000Z',
  difference: 1,
  candidateTrctId: null,
  candidateOrderId: null,
  resolution: null,
  resolvedBy: null,
  resolvedAt: null,
  detectedAt: '2026-11-20T01:00:00.000Z',
  differences: [
    {
      field: 'amount',
      bank: '200.001,00',
      tagih: '200.000,00',
      text: 'nominal: 200.001,00 vs 200.000,00',
    },
  ],
  ageDays: 1,
  ...extra,
});

const ROWS = [
  row(2),
  row(1, {
    category: 'missing_in_tagih',
    trctId: null,
    trctOrderId: null,
    trctAmount: null,
    difference: null,
  }),
];
const COUNTED = {
  missing_at_bank: 0,
  missing_in_tagih: 1,
  amount: 1,
  status: 0,
  duplicate: 0,
  expected: 2,
};
const page = (data: unknown[]) =>
  envelopeResponse({
    data,
    pagination: { totalData: data.length, totalPage: 1, page: 1, itemPerPage: 10 },
    fields: [],
  });

function startQueue(
  access: AccessMap = FULL,
  handlers: Record<string, FakeHandler> = {},
  path = '/dashboard/reconciliation',
) {
  const api = fakeApi(access, {
    [`GET ${BREAKS}`]: () => page(ROWS),
    [`GET ${COUNTS}`]: () => envelopeResponse(COUNTED),
    ...handlers,
  });
  const view = renderUi(<ReconciliationScreen />, path);
  return { api, view, lastList: () => api.callsTo('GET', BREAKS).at(-1)!.url.searchParams };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Rekonsiliasi: the break queue', { timeout: 20_000 }, () => {
  it('asks for the open breaks of the last 30 days (never from 1970) and shows the counts per category as chips', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T05:00:00Z'));
    const { lastList, api } = startQueue();
    expect(await screen.findByText('VA-2')).toBeVisible();
    expect(lastList().get('from')).toBe('2026-10-22');
    expect(lastList().get('to')).toBe('2026-11-20');
    expect(lastList().get('finds[status][equal]')).toBe('open');
    const chips = screen.getByRole('group', { name: 'Selisih terbuka per kategori' });
    expect(await within(chips).findByRole('button', { name: 'Semua selisih: 2' })).toBeVisible();
    expect(within(chips).getByRole('button', { name: 'Selisih nominal: 1' })).toBeVisible();
    expect(within(chips).getByRole('button', { name: 'Menunggu bank: 2' })).toBeVisible();
    // The counts cover every category and status under the queue's other filters.
    const counted = api.callsTo('GET', COUNTS).at(-1)!.url.searchParams;
    expect(counted.get('from')).toBe('2026-10-22');
    expect(counted.has('finds[status][equal]')).toBe(false);
    expect(screen.getAllByText('nominal: 200.001,00 vs 200.000,00')[0]).toBeVisible();
  });

  it('a chip filters the queue by its category, kept in the URL', async () => {
    const user = userEvent.setup();
    const { lastList, view } = startQueue();
    await screen.findByText('VA-2');
    await user.click(await screen.findByRole('button', { name: 'Tidak ada di Tagih: 1' }));
    await waitFor(() => expect(lastList().get('finds[category][equal]')).toBe('missing_in_tagih'));
    expect(view.router.state.location.search).toContain('category=missing_in_tagih');
  });

  it('picks rows and resolves them in bulk: a preview first, then the reason and Jalankan', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    startQueue(FULL, {
      [`POST ${BULK}`]: ({ body }) => {
        bodies.push(body);
        const dryRun = (body as { dryRun: boolean }).dryRun;
        return envelopeResponse({
          action: 'accept',
          dryRun,
          selected: 1,
          applied: 1,
          skipped: [{ reason: 'already-resolved', count: 0 }],
          byCategory: { amount: 1 },
          jobs: [],
        });
      },
    });
    const rowOf = (await screen.findByText('VA-2')).closest('tr')!;
    await user.click(within(rowOf).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Aksi massal' });
    expect(bar).toHaveTextContent('1 selisih dipilih');
    await user.click(within(bar).getByRole('button', { name: 'Terima selisih' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terima selisih massal' });
    expect(await within(dialog).findByText(/Akan diproses/)).toHaveTextContent(
      'Akan diproses: 1 dari 1 selisih yang dipilih.',
    );
    expect(bodies[0]).toMatchObject({ action: 'accept', selection: { ids: [2] }, dryRun: true });
    await user.click(within(dialog).getByRole('button', { name: 'Jalankan (1)' }));
    expect(within(dialog).getByText('Alasan wajib diisi.')).toBeVisible();
    expect(bodies).toHaveLength(1);
    await user.type(within(dialog).getByLabelText(/Alasan/), 'Biaya bank diterima');
    await user.click(within(dialog).getByRole('button', { name: 'Jalankan (1)' }));
    await within(dialog).findByText('Aksi massal selesai dijalankan.');
    expect(bodies[1]).toEqual({
      action: 'accept',
      reason: 'Biaya bank diterima',
      selection: { ids: [2] },
      dryRun: false,
    });
  });

  it('without reconciliation.update: no checkboxes, so no bulk resolution', async () => {
    startQueue({ reconciliation: ['read'] });
    await screen.findByText('VA-2');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('Export downloads the queue with its filters', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const { api } = startQueue(FULL, {
      'GET /api/recon/breaks/export.csv': () =>
        new Response('"ID"\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    await screen.findByText('VA-2');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['reconciliation_breaks.csv']));
    expect(
      api
        .callsTo('GET', '/api/recon/breaks/export.csv')[0]!
        .url.searchParams.get('finds[status][equal]'),
    ).toBe('open');
  });
});

const STATEMENT: StatementRow = {
  stmtId: 3,
  baccId: 1,
  bank: 'BRI',
  accountNo: '0123456789012',
  accountName: 'BRI Operasional',
  format: 'mt940',
  variant: 'mt940:swift-envelope',
  fileName: 'bri.mt940',
  reference: 'S1',
  fromDay: '2026-11-19',
  toDay: '2026-11-19',
  lines: 9,
  skippedLines: 0,
  credits: 8,
  matched: 4,
  debits: 1,
  balanceChecked: true,
  state: 'complete',
  failure: null,
  openBreaks: 2,
  openByCategory: { amount: 1, duplicate: 1 },
  createdAt: '2026-11-20T01:00:00.000Z',
  createdBy: 'admin',
};

/** What a good import (or pull) answers. */
const IMPORTED: StatementImportResult = {
  stmtId: 7,
  alreadyImported: false,
  format: 'mt940',
  baccId: 3,
  lines: 6,
  skippedLines: 0,
  pendingLines: 0,
  credits: 5,
  matched: 5,
  balanceChecked: true,
  breaks: { missing_at_bank: 0, missing_in_tagih: 0, amount: 0, status: 0, duplicate: 0 },
  expected: 0,
};

/** The Mutasi bank tab with one statement, the demo BRI pooled account to choose, and `handlers`. */
function openStatements(access: AccessMap, handlers: Record<string, FakeHandler>) {
  const api = fakeApi(access, {
    [`GET ${STATEMENTS}`]: () =>
      envelopeResponse({
        data: [STATEMENT],
        pagination: { totalData: 1, totalPage: 1, page: 1, itemPerPage: 10 },
      }),
    'GET /api/master/Bank_Account': () =>
      page([
        { baccId: 3, baccBank: 'BRI', baccAccountNo: '020601000777001', baccName: 'BRI Pooled' },
      ]),
    ...handlers,
  });
  renderUi(<ReconciliationScreen />, '/dashboard/reconciliation?tab=statements');
  return api;
}

describe('Rekonsiliasi: statements and Import', { timeout: 20_000 }, () => {
  const openImport = async (access: AccessMap, answer: () => Response) => {
    const user = userEvent.setup();
    openStatements(access, { [`POST ${STATEMENTS}`]: answer });
    expect(await screen.findByText('4/8 (50%)')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Selisih nominal: 1' })).toHaveAttribute(
      'href',
      expect.stringContaining('accountNo=0123456789012'),
    );
    await user.click(screen.getByRole('button', { name: 'Impor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impor mutasi bank' });
    await user.upload(
      within(dialog).getByLabelText('File mutasi'),
      new File([':20:S1\n'], 'bri.mt940', { type: 'text/plain' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
    return dialog;
  };

  it('uploads the file as multipart field `file` and shows the result', async () => {
    const dialog = await openImport(FULL, () =>
      envelopeResponse({
        stmtId: 4,
        alreadyImported: false,
        format: 'mt940',
        baccId: 1,
        lines: 9,
        skippedLines: 0,
        pendingLines: 0,
        credits: 8,
        matched: 4,
        balanceChecked: true,
        breaks: { missing_at_bank: 0, missing_in_tagih: 1, amount: 1, status: 0, duplicate: 0 },
        expected: 2,
      }),
    );
    const result = await within(dialog).findByLabelText('Hasil impor');
    expect(result).toHaveTextContent('Mutasi berhasil diimpor.');
    expect(result).toHaveTextContent('8 kredit, 4 cocok (50%)');
    expect(result).toHaveTextContent('Selisih: Tidak ada di Tagih 1, Selisih nominal 1.');
    const sent = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST')![1]!
      .body as FormData;
    expect((sent.get('file') as File).name).toBe('bri.mt940');
  });

  it('a refused file shows the line and the reason', async () => {
    const dialog = await openImport(
      FULL,
      () =>
        new Response(
          JSON.stringify({
            status: { error: 1, message: 'The statement was not imported: line 7: bad' },
            data: { line: 7, reason: 'the closing balance differs' },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    expect(await within(dialog).findByLabelText('Impor ditolak')).toHaveTextContent(
      'Ditolak di baris 7: the closing balance differs',
    );
  });
});

describe('Rekonsiliasi: an import shows how far it is', { timeout: 20_000 }, () => {
  it('names the import, asks its progress while it runs, and shows the lines written of the total', async () => {
    const user = userEvent.setup();
    const id = '00000000-0000-4000-8000-000000000001';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(id);
    const answer = deferred<Response>();
    const api = fakeApi(FULL, {
      [`GET ${STATEMENTS}`]: () =>
        envelopeResponse({
          data: [STATEMENT],
          pagination: { totalData: 1, totalPage: 1, page: 1, itemPerPage: 10 },
        }),
      'GET /api/master/Bank_Account': () => page([]),
      [`POST ${STATEMENTS}`]: () => answer.promise,
      [`GET ${STATEMENTS}/progress/${id}`]: () =>
        envelopeResponse({ phase: 'writing', lines: 200, totalLines: 400 }),
    });
    renderUi(<ReconciliationScreen />, '/dashboard/reconciliation?tab=statements');
    await user.click(await screen.findByRole('button', { name: 'Impor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impor mutasi bank' });
    await user.upload(
      within(dialog).getByLabelText('File mutasi'),
      new File([':20:S1\n'], 'bri.mt940', { type: 'text/plain' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
    expect(await within(dialog).findByText('Menyimpan 200 dari 400 baris…')).toBeVisible();
    expect(within(dialog).getByRole('progressbar', { name: 'Mengimpor' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    const sent = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST')![1]!
      .body as FormData;
    expect(sent.get('progressId')).toBe(id);
    answer.resolve(
      envelopeResponse({
        stmtId: 6,
        alreadyImported: false,
        format: 'mt940',
        baccId: 1,
        lines: 400,
        skippedLines: 0,
        pendingLines: 0,
        credits: 390,
        matched: 390,
        balanceChecked: true,
        breaks: { missing_at_bank: 0, missing_in_tagih: 0, amount: 0, status: 0, duplicate: 0 },
        expected: 0,
      }),
    );
    expect(await within(dialog).findByLabelText('Hasil impor')).toHaveTextContent(
      'Mutasi berhasil diimpor.',
    );
    expect(within(dialog).queryByRole('progressbar', { name: 'Mengimpor' })).toBeNull();
    expect(api.callsTo('GET', `${STATEMENTS}/progress/${id}`).length).toBeGreaterThan(0);
  });
});

describe('Rekonsiliasi: Tarik dari bank', { timeout: 20_000 }, () => {
  const PULL = '/api/recon/pull';
  const openPull = async (
    access: AccessMap,
    answer: () => Response = () => envelopeResponse({}),
  ) => {
    const user = userEvent.setup();
    openStatements(access, { [`POST ${PULL}`]: answer });
    expect(await screen.findByText('4/8 (50%)')).toBeVisible();
    return user;
  };
  const pulledBody = () =>
    JSON.parse(
      vi
        .mocked(fetch)
        .mock.calls.find(
          ([url, init]) => String(url).endsWith(PULL) && init?.method === 'POST',
        )![1]!.body as string,
    ) as unknown;

  it('asks for the chosen account and day and shows what was imported', async () => {
    const user = await openPull(FULL, () =>
      envelopeResponse({
        ...IMPORTED,
        stmtId: 5,
        matched: 3,
        breaks: { missing_at_bank: 1, missing_in_tagih: 0, amount: 1, status: 0, duplicate: 1 },
        pages: 1,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Tarik dari bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarik mutasi dari bank' });
    const pull = within(dialog).getByRole('button', { name: 'Tarik' });
    expect(pull).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Rekening bank/ }));
    await user.click(await screen.findByRole('option', { name: /020601000777001/ }));
    const day = within(dialog).getByLabelText(/Tanggal mutasi/);
    await user.clear(day);
    await user.type(day, '2026-11-19');
    await user.click(pull);
    const result = await within(dialog).findByLabelText('Hasil impor');
    expect(result).toHaveTextContent('Mutasi berhasil diimpor.');
    expect(result).toHaveTextContent('5 kredit, 3 cocok (60%)');
    expect(pulledBody()).toEqual({ baccId: 3, from: '2026-11-19', to: '2026-11-19' });
  });

  it("says so when the bank's statement was pulled before, and shows the bank's refusal", async () => {
    let calls = 0;
    const user = await openPull(FULL, () => {
      calls += 1;
      if (calls === 1) {
        return envelopeResponse({
          stmtId: 5,
          alreadyImported: true,
          format: 'mt940',
          baccId: 3,
          lines: 0,
          skippedLines: 6,
          pendingLines: 0,
          credits: 0,
          matched: 0,
          balanceChecked: true,
          breaks: { missing_at_bank: 0, missing_in_tagih: 0, amount: 0, status: 0, duplicate: 0 },
          expected: 0,
          pages: 1,
        });
      }
      return new Response(
        JSON.stringify({
          status: {
            error: 1,
            message: 'The statement was not pulled: Bank BRI did not answer within 10 s',
          },
          data: null,
        }),
        {
          status: 504,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    });
    await user.click(screen.getByRole('button', { name: 'Tarik dari bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarik mutasi dari bank' });
    await user.click(within(dialog).getByRole('combobox', { name: /Rekening bank/ }));
    await user.click(await screen.findByRole('option', { name: /020601000777001/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Tarik' }));
    expect(await within(dialog).findByLabelText('Hasil impor')).toHaveTextContent(
      'Bank mengirim mutasi yang sama seperti sebelumnya; tidak ada yang ditambahkan.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tarik' }));
    expect(await within(dialog).findByLabelText('Penarikan gagal')).toHaveTextContent(
      'did not answer within 10 s',
    );
  });

  it('is not offered without reconciliation.create', async () => {
    await openPull({ reconciliation: ['read'] });
    expect(screen.queryByRole('button', { name: 'Tarik dari bank' })).toBeNull();
  });
});

const DETAIL: BreakDetail = {
  ...row(2, {
    category: 'status',
    trctStatus: '03',
    paidAt: null,
    difference: 0,
    lineAmount: 200000,
    differences: [
      {
        field: 'status',
        bank: 'dana masuk',
        tagih: 'Belum Lunas',
        text: 'status: dana masuk vs Belum Lunas',
      },
    ],
  }),
  rule: null,
  history: [
    {
      at: '2026-11-20T01:00:00.000Z',
      action: 'detected',
      by: null,
      reason: null,
      outcome: null,
      details: null,
    },
  ],
};

describe('Rekonsiliasi: a break', { timeout: 20_000 }, () => {
  const start = (access: AccessMap, handlers: Record<string, FakeHandler> = {}) => {
    fakeApi(access, { [`GET ${BREAKS}/2`]: () => envelopeResponse(DETAIL), ...handlers });
    renderUi(
      <Routes>
        <Route path="/dashboard/reconciliation/breaks/:rbrkId" element={<BreakDetailScreen />} />
      </Routes>,
      '/dashboard/reconciliation/breaks/2',
    );
  };

  it('shows both sides with the differing field highlighted, and resolves by Inquiry with a required reason', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    start(FULL, {
      [`POST ${BREAKS}/2/resolve`]: ({ body }) => {
        bodies.push(body);
        return envelopeResponse({ break: DETAIL, message: 'Belum dibayar' });
      },
    });
    expect(await screen.findByRole('alert', { name: 'Alasan tidak cocok' })).toHaveTextContent(
      'status: dana masuk vs Belum Lunas',
    );
    const ours = screen.getByRole('region', { name: 'Transaksi Tagih' });
    expect(within(ours).getByText('Belum Lunas').closest('tr')).toHaveAttribute(
      'data-differs',
      'true',
    );
    expect(
      within(screen.getByRole('region', { name: 'Mutasi bank' }))
        .getByText('TRANSFER VA 77001081200000044')
        .closest('tr'),
    ).not.toHaveAttribute('data-differs');
    const actions = await screen.findByRole('group', { name: 'Penyelesaian' });
    // Belum Lunas: Inquiry, not a re-send.
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Terima selisih', 'Tautkan transaksi', 'Inquiry']);
    await user.click(within(actions).getByRole('button', { name: 'Inquiry' }));
    const dialog = await screen.findByRole('dialog', { name: /^Inquiry/ });
    await user.click(within(dialog).getByRole('button', { name: 'Inquiry' }));
    expect(within(dialog).getByText('Alasan wajib diisi.')).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Alasan/), 'Tanya bank dulu');
    await user.click(within(dialog).getByRole('button', { name: 'Inquiry' }));
    await waitFor(() => expect(bodies).toEqual([{ action: 'inquiry', reason: 'Tanya bank dulu' }]));
    expect(screen.getByRole('region', { name: 'Riwayat penyelesaian' })).toHaveTextContent(
      'Ditemukan',
    );
  });

  it('links a bank line to a transaction by its order id, the nearest candidate given first', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const missing: BreakDetail = {
      ...DETAIL,
      category: 'missing_in_tagih',
      trctId: null,
      trctOrderId: null,
      trctStatus: null,
      candidateTrctId: 107,
      candidateOrderId: 'VA-7',
    };
    start(FULL, {
      [`GET ${BREAKS}/2`]: () => envelopeResponse(missing),
      [`POST ${BREAKS}/2/resolve`]: ({ body }) => {
        bodies.push(body);
        return envelopeResponse({ break: missing, message: RECON_RESOLVE_TEXT.linked });
      },
    });
    expect(await screen.findByRole('alert', { name: 'Kandidat terdekat' })).toHaveTextContent(
      'VA-7',
    );
    const actions = await screen.findByRole('group', { name: 'Penyelesaian' });
    // No transaction of its own: neither Inquiry nor a re-send.
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Terima selisih', 'Tautkan transaksi']);
    await user.click(within(actions).getByRole('button', { name: 'Tautkan transaksi' }));
    const dialog = await screen.findByRole('dialog', { name: /^Tautkan transaksi/ });
    expect(within(dialog).getByRole('textbox', { name: 'Order ID' })).toHaveValue('VA-7');
    await user.type(within(dialog).getByLabelText(/Alasan/), 'Pelanggan salah transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Tautkan transaksi' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { action: 'link', reason: 'Pelanggan salah transfer', orderId: 'VA-7' },
      ]),
    );
  });

  it('without reconciliation.update: no resolution buttons', async () => {
    start({ reconciliation: ['read'] });
    expect(await screen.findByText(/Anda hanya dapat melihat selisih ini/)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Penyelesaian' })).toBeNull();
  });
});

describe('Rekonsiliasi: the statements list shows each import', { timeout: 20_000 }, () => {
  it('per file: account, period, lines, credits/debits, balances checked, the variant read, breaks by category; a failed import says why', async () => {
    const read: StatementRow = {
      ...STATEMENT,
      stmtId: 5,
      variant: 'mt940:no-decimal-comma',
      balanceChecked: false,
      credits: 7,
      debits: 2,
    };
    const failed: StatementRow = {
      ...STATEMENT,
      stmtId: 6,
      fileName: 'salah.mt940',
      fromDay: null,
      toDay: null,
      lines: 0,
      credits: 0,
      debits: 0,
      matched: 0,
      balanceChecked: false,
      openBreaks: 0,
      openByCategory: {},
      state: 'failed',
      failure:
        'Saldo tidak cocok: saldo awal + kredit − debit bukan saldo akhir (baris 28). Rincian: …',
    };
    fakeApi(FULL, {
      [`GET ${STATEMENTS}`]: () =>
        envelopeResponse({
          data: [failed, read, STATEMENT],
          pagination: { totalData: 3, totalPage: 1, page: 1, itemPerPage: 10 },
        }),
    });
    renderUi(<ReconciliationScreen />, '/dashboard/reconciliation?tab=statements');
    const table = await screen.findByRole('table', { name: 'Mutasi bank' });
    await within(table).findByText(/^Gagal: /);
    const rows = within(table).getAllByRole('row');
    const [failedRow, readRow, plainRow] = rows.slice(1);
    expect(failedRow).toHaveTextContent(
      'Gagal: Saldo tidak cocok: saldo awal + kredit − debit bukan saldo akhir (baris 28).',
    );
    expect(readRow).toHaveTextContent('BRI 0123456789012 — BRI Operasional');
    expect(readRow).toHaveTextContent('2026-11-19');
    expect(readRow).toHaveTextContent('7/2');
    expect(readRow).toHaveTextContent('Tidak');
    expect(readRow).toHaveTextContent('MT940 / MT942');
    expect(readRow).toHaveTextContent('mt940:no-decimal-comma');
    expect(within(readRow!).getByRole('link', { name: 'Dobel: 1' })).toBeVisible();
    expect(plainRow).toHaveTextContent('8/1');
    expect(plainRow).toHaveTextContent('Ya');
    expect(plainRow).not.toHaveTextContent('no-decimal-comma');
  });
});

describe('Rekonsiliasi: every action is safe to click twice', { timeout: 20_000 }, () => {
  it('"Terima selisih" double-clicked: one request, the dialog closes with the first answer\'s toast, no error', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const resolvePath = `${BREAKS}/2/resolve`;
    // As the server answers: the first resolves the break, a second finds it resolved (409).
    let sent = 0;
    const api = fakeApi(FULL, {
      [`GET ${BREAKS}/2`]: () => envelopeResponse(DETAIL),
      [`POST ${resolvePath}`]: () =>
        ++sent === 1
          ? answer.promise
          : envelopeResponse(null, {
              status: 409,
              error: 1,
              message: RECON_RESOLVE_TEXT.alreadyResolved,
            }),
    });
    renderUi(
      <Routes>
        <Route path="/dashboard/reconciliation/breaks/:rbrkId" element={<BreakDetailScreen />} />
      </Routes>,
      '/dashboard/reconciliation/breaks/2',
    );
    const actions = await screen.findByRole('group', { name: 'Penyelesaian' });
    await user.click(within(actions).getByRole('button', { name: 'Terima selisih' }));
    const dialog = await screen.findByRole('dialog', { name: /^Terima selisih/ });
    await user.type(within(dialog).getByLabelText(/Alasan/), 'Biaya bank diterima');
    clickTwiceAtOnce(within(dialog).getByRole('button', { name: 'Terima selisih' }));
    await waitFor(() => expect(api.callsTo('POST', resolvePath)).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Terima selisih' })).toBeDisabled();
    answer.resolve(
      envelopeResponse(
        {
          break: { ...DETAIL, status: 'resolved', resolution: 'accept' },
          message: RECON_RESOLVE_TEXT.accepted,
        },
        { message: RECON_RESOLVE_TEXT.accepted },
      ),
    );
    expect(await screen.findByText(RECON_RESOLVE_TEXT.accepted)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', resolvePath)).toHaveLength(1);
    expect(screen.queryByText(RECON_RESOLVE_TEXT.alreadyResolved)).toBeNull();
  });

  it('bulk "Jalankan" double-clicked: the resolution is sent once', async () => {
    const user = userEvent.setup();
    const applied = deferred<Response>();
    const bodies: { dryRun: boolean }[] = [];
    const outcome = (dryRun: boolean) =>
      envelopeResponse({
        action: 'accept',
        dryRun,
        selected: 1,
        applied: 1,
        skipped: [],
        byCategory: { amount: 1 },
        jobs: [],
      });
    startQueue(FULL, {
      [`POST ${BULK}`]: ({ body }) => {
        bodies.push(body as { dryRun: boolean });
        return (body as { dryRun: boolean }).dryRun ? outcome(true) : applied.promise;
      },
    });
    await user.click(
      within((await screen.findByText('VA-2')).closest('tr')!).getByRole('checkbox'),
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Aksi massal' })).getByRole('button', {
        name: 'Terima selisih',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Terima selisih massal' });
    await within(dialog).findByText(/Akan diproses/);
    await user.type(within(dialog).getByLabelText(/Alasan/), 'Biaya bank diterima');
    clickTwiceAtOnce(within(dialog).getByRole('button', { name: 'Jalankan (1)' }));
    applied.resolve(outcome(false));
    await within(dialog).findByText('Aksi massal selesai dijalankan.');
    expect(bodies.map((b) => b.dryRun)).toEqual([true, false]);
  });

  it('"Impor" double-clicked: the file is uploaded once', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = openStatements(FULL, { [`POST ${STATEMENTS}`]: () => answer.promise });
    await user.click(await screen.findByRole('button', { name: 'Impor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impor mutasi bank' });
    await user.upload(
      within(dialog).getByLabelText('File mutasi'),
      new File([':20:S1\n'], 'bri.mt940', { type: 'text/plain' }),
    );
    clickTwiceAtOnce(within(dialog).getByRole('button', { name: 'Impor' }));
    answer.resolve(envelopeResponse(IMPORTED));
    expect(await within(dialog).findByLabelText('Hasil impor')).toHaveTextContent(
      'Mutasi berhasil diimpor.',
    );
    expect(api.callsTo('POST', STATEMENTS)).toHaveLength(1);
  });

  it('"Tarik" double-clicked: the bank is asked once', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = openStatements(FULL, { 'POST /api/recon/pull': () => answer.promise });
    await user.click(await screen.findByRole('button', { name: 'Tarik dari bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarik mutasi dari bank' });
    await user.click(within(dialog).getByRole('combobox', { name: /Rekening bank/ }));
    await user.click(await screen.findByRole('option', { name: /020601000777001/ }));
    clickTwiceAtOnce(within(dialog).getByRole('button', { name: 'Tarik' }));
    answer.resolve(envelopeResponse({ ...IMPORTED, pages: 1 }));
    expect(await within(dialog).findByLabelText('Hasil impor')).toHaveTextContent(
      'Mutasi berhasil diimpor.',
    );
    expect(api.callsTo('POST', '/api/recon/pull')).toHaveLength(1);
  });
});
