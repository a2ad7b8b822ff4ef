import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clientResource, MESSAGES, type AccessMap } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { fakeMasterApi } from './fake-master-api.test-util.ts';
import { ClientsScreen } from './master-data-screens.tsx';

const CLIENTS = [
  { clntid: 1, clntName: 'PT Toko Maju Store', clsnClientId: null, clsnUpdatedTime: null },
  {
    clntid: 2,
    clntName: 'PT Kopi Kita Store',
    clsnClientId: 'merchant-2-a1b2c3d4e5f6',
    clsnUpdatedTime: '2026-11-20T03:00:00.000Z',
  },
];
const READER: AccessMap = { master_company: ['read'] };
const MANAGER: AccessMap = { master_company: ['read'], master_client_api: ['update'] };
const KEY =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----';
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const ISSUED = {
  clientId: 'merchant-1-0f1e2d3c4b5a',
  clientSecret: 'c2VjcmV0LXNob3duLW9uY2UtZm9yLXRoZS10ZXN0',
};

describe('API access on the Client screen', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers no API access to whom may only read the clients', async () => {
    fakeMasterApi(clientResource, CLIENTS, READER);
    renderUi(<ClientsScreen />);
    const row = await rowOf('PT Toko Maju Store');
    expect(within(row).queryByRole('button', { name: 'API access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /tambah|add/i })).not.toBeInTheDocument();
  });

  it('gives access with the pasted key (once, however often clicked), then shows the client id and the secret once, with copy buttons; the list reloads', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = fakeMasterApi(clientResource, CLIENTS, MANAGER, (call) =>
      call.method === 'POST'
        ? envelopeResponse(ISSUED, { status: 200, error: 0, message: MESSAGES.clientApiIssued })
        : undefined,
    );
    renderUi(<ClientsScreen />);
    await user.click(
      within(await rowOf('PT Toko Maju Store')).getByRole('button', { name: 'API access' }),
    );
    const dialog = screen.getByRole('dialog', { name: /API Access/ });
    expect(dialog).toHaveTextContent('No API access yet');
    expect(within(dialog).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    const give = within(dialog).getByRole('button', { name: 'Give Access' });
    expect(give).toBeDisabled();
    const reloads = api.listCalls().length;
    await user.click(within(dialog).getByLabelText('Public Key (PEM)'));
    await user.paste(KEY);
    clickTwiceAtOnce(give);

    expect(await within(dialog).findByLabelText('Client Secret')).toHaveTextContent(
      ISSUED.clientSecret,
    );
    expect(within(dialog).getByLabelText('Client ID')).toHaveTextContent(ISSUED.clientId);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('shown only once');
    expect(within(dialog).queryByLabelText('Public Key (PEM)')).not.toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/master/client/1/snap-credentials', { publicKey: KEY }],
    ]);
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(reloads));

    await user.click(within(dialog).getByRole('button', { name: 'Salin Client Secret' }));
    expect(writeText).toHaveBeenCalledWith(ISSUED.clientSecret);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /API Access/ })).not.toBeInTheDocument(),
    );
    // The secret is nowhere once the dialog is closed.
    expect(document.body).not.toHaveTextContent(ISSUED.clientSecret);
  });

  it("shows the server's refusal of a key in the dialog and a toast, keeping what was pasted", async () => {
    const user = userEvent.setup();
    fakeMasterApi(clientResource, CLIENTS, MANAGER, (call) =>
      call.method === 'POST'
        ? envelopeResponse(
            { errors: { publicKey: MESSAGES.clientApiKeyInvalid } },
            { status: 400, error: 1, message: MESSAGES.clientApiKeyInvalid },
          )
        : undefined,
    );
    renderUi(<ClientsScreen />);
    await user.click(
      within(await rowOf('PT Toko Maju Store')).getByRole('button', { name: 'API access' }),
    );
    const dialog = screen.getByRole('dialog', { name: /API Access/ });
    await user.click(within(dialog).getByLabelText('Public Key (PEM)'));
    await user.paste('not a key');
    await user.click(within(dialog).getByRole('button', { name: 'Give Access' }));
    expect(await within(dialog).findByText(MESSAGES.clientApiKeyInvalid)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.clientApiIssueFailed)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Public Key (PEM)')).toHaveValue('not a key');
    expect(within(dialog).queryByLabelText('Client Secret')).not.toBeInTheDocument();
  });

  it('revokes a client that has access only after confirming', async () => {
    const user = userEvent.setup();
    const api = fakeMasterApi(clientResource, CLIENTS, MANAGER, (call) =>
      call.method === 'DELETE'
        ? envelopeResponse(
            { clientId: CLIENTS[1]!.clsnClientId },
            { status: 200, error: 0, message: MESSAGES.clientApiRevoked },
          )
        : undefined,
    );
    renderUi(<ClientsScreen />);
    const row = await rowOf('PT Kopi Kita Store');
    expect(row).toHaveTextContent('merchant-2-a1b2c3d4e5f6');
    await user.click(within(row).getByRole('button', { name: 'API access' }));
    const dialog = screen.getByRole('dialog', { name: /API Access/ });
    expect(dialog).toHaveTextContent('Client ID merchant-2-a1b2c3d4e5f6');
    expect(within(dialog).getByRole('button', { name: 'Replace Key and Secret' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke API Access' });
    expect(confirm).toHaveTextContent('Revoke the API access of PT Kopi Kita Store?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Revoke API Access' })).not.toBeInTheDocument(),
    );
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke API Access' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText(MESSAGES.clientApiRevoked)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/master/client/2/snap-credentials',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /API Access/ })).not.toBeInTheDocument(),
    );
  });
});
