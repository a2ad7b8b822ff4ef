import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { fakeApi, statusData } from '../../test/fake-api.ts';
import { SelectCompanyScreen } from './select-company-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const COMPANIES = [
  { compId: 1, compName: 'PT Toko Maju' },
  { compId: 2, compName: 'PT Sinar Jaya' },
];

function withCompanies(active: { compId: number; compName: string } | null) {
  const status = { ...statusData({}), company: { active, available: COMPANIES } };
  fakeApi({}, { 'GET /api/security/authentication/status': () => envelopeResponse(status) });
  renderUi(<SelectCompanyScreen />, '/selectcompany');
}

describe('Select Company', () => {
  it('starts from the company in use when switching, ready to Continue', async () => {
    withCompanies(COMPANIES[1]!);
    const company = await screen.findByRole('combobox', { name: 'Company' });
    await waitFor(() => expect(company).toHaveValue('PT Sinar Jaya'), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
  });

  it('starts empty after sign-in, when no company is in use yet', async () => {
    withCompanies(null);
    const company = await screen.findByRole('combobox', { name: 'Company' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(company).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
