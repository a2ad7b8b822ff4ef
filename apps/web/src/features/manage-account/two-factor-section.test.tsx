import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}aaa-bbbb-cccc`);

const bodiesTo = (suffix: string) =>
  (
    globalThis.fetch as unknown as { mock: { calls: [RequestInfo, RequestInit | undefined][] } }
  ).mock.calls
    .filter(([url]) => String(url).endsWith(suffix))
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : null));

describe('Manage Account: two-factor', { timeout: 15_000 }, () => {
  it('sets up: the QR code and the key, a code turns it on, the recovery codes once with copy and download; each asked once, however often clicked', async () => {
    const user = userEvent.setup();
    fakeApi(
      {},
      {
        'POST /api/account/2fa/setup': () =>
          envelopeResponse({
            secret: SECRET,
            otpauthUrl: `otpauth://totp/Tagih:budi?issuer=Tagih&secret=${SECRET}`,
          }),
        'POST /api/account/2fa/enable': () => envelopeResponse({ recoveryCodes: CODES }),
      },
    );
    renderUi(<TwoFactorSection enabled={false} required={false} />);
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Set up two-factor' }));
    expect(await screen.findByTitle('Two-factor QR code')).toBeInTheDocument();
    expect(bodiesTo('/2fa/setup')).toHaveLength(1);
    expect(screen.getByLabelText('Key')).toHaveValue(SECRET);
    await user.type(screen.getByLabelText('Code'), '123456');
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(bodiesTo('/2fa/enable')).toEqual([{ code: '123456' }]);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('shows a refused code under the field', async () => {
    const user = userEvent.setup();
    fakeApi(
      {},
      {
        'POST /api/account/2fa/setup': () =>
          envelopeResponse({ secret: SECRET, otpauthUrl: 'otpauth://totp/x?secret=' + SECRET }),
        'POST /api/account/2fa/enable': () =>
          envelopeResponse(null, { status: 400, error: 1, message: MESSAGES.twoFactorCodeInvalid }),
      },
    );
    renderUi(<TwoFactorSection enabled={false} required />);
    expect(screen.getByText(MESSAGES.twoFactorEnrolmentRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor' }));
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
  });

  it('turns off with the password and a code; a wrong password shows under its field; clicked twice, sent once', async () => {
    const user = userEvent.setup();
    let answers = 0;
    fakeApi(
      {},
      {
        'POST /api/account/2fa/disable': () =>
          answers++ === 0
            ? envelopeResponse(
                { errors: { password: MESSAGES.passwordInvalid } },
                { status: 400, error: 1, message: MESSAGES.passwordInvalid },
              )
            : envelopeResponse(null),
      },
    );
    renderUi(<TwoFactorSection enabled required={false} />);
    expect(screen.getByText('Two-factor sign-in is on.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'wrong-1');
    await user.type(screen.getByLabelText('Code or recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(MESSAGES.passwordInvalid)).toBeInTheDocument();
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(MESSAGES.twoFactorDisabled)).toBeInTheDocument();
    await waitFor(() => expect(bodiesTo('/2fa/disable')).toHaveLength(2));
    expect(bodiesTo('/2fa/disable')[1]).toEqual({ password: 'wrong-1', code: '123456' });
  });
});
