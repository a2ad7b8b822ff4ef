import { screen, within } from '@testing-library/react';
import type { AccessMap } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { HomeReconCard } from './home-recon-card.tsx';

const COUNTS = {
  missing_at_bank: 2,
  missing_in_tagih: 0,
  amount: 1,
  status: 0,
  duplicate: 0,
  expected: 3,
};

function start(access: AccessMap) {
  const api = fakeApi(access, { 'GET /api/recon/breaks/counts': () => envelopeResponse(COUNTS) });
  renderUi(<HomeReconCard today="2026-11-20" />);
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('Home: Selisih rekonsiliasi', () => {
  it('lists the open breaks by category, each a link to the queue filtered by it over every day', async () => {
    const api = start({ reconciliation: ['read'] });
    const card = await screen.findByRole('region', { name: 'Selisih rekonsiliasi' });
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      '2Tidak ada di bank',
      '1Selisih nominal',
      '3Menunggu bank',
    ]);
    expect(links[0]).toHaveAttribute(
      'href',
      '/dashboard/reconciliation?from=1970-01-01&to=2026-11-20&category=missing_at_bank',
    );
    // Every open break: no date range.
    expect(api.callsTo('GET', '/api/recon/breaks/counts')[0]!.url.search).toBe('');
  });

  it('is not shown (nor asked for) without reconciliation.read', async () => {
    const api = start({ transaction_va: ['read'] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Selisih rekonsiliasi' })).toBeNull();
    expect(api.callsTo('GET', '/api/recon/breaks/counts')).toHaveLength(0);
  });
});
