import { screen } from '@testing-library/react';
import type { FieldDef } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { fakeApi } from '../../test/fake-api.ts';
import { OptionSelect } from './option-select.tsx';

const companyField: FieldDef = {
  name: 'uscoCompId',
  label: 'Company',
  type: 'number',
  input: 'dropdown-api',
  optionsApiPath: '/master/company',
};

afterEach(() => vi.unstubAllGlobals());

describe('OptionSelect', () => {
  it("says 'Gagal fetch company.' when the company options fail to load", async () => {
    fakeApi(
      {},
      {
        'GET /api/master/company': () =>
          envelopeResponse(null, { status: 500, error: 1, message: 'Internal server error.' }),
      },
    );
    renderUi(<OptionSelect field={companyField} value="" onChange={() => {}} />);
    expect(
      await screen.findByText('Gagal fetch company.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('names other lists in the failure message', async () => {
    fakeApi(
      {},
      {
        'GET /api/master/roles': () =>
          envelopeResponse(null, { status: 500, error: 1, message: 'Internal server error.' }),
      },
    );
    const roleField: FieldDef = {
      name: 'usroRoleId',
      label: 'Role',
      type: 'number',
      input: 'dropdown-api',
      optionsApiPath: '/master/roles',
    };
    renderUi(<OptionSelect field={roleField} value="" onChange={() => {}} />);
    expect(
      await screen.findByText('Gagal mendapatkan Role data', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
