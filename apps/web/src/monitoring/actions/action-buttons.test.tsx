import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRANSACTION_STATUSES, TRX_STATUS } from '@tagih/contract';
import { describe, expect, it, vi } from 'vitest';
import { InquiryButton, ResendButton, type ActionSubject } from './action-buttons.tsx';

const noop = () => {};
const ONE_TRANSACTION = ['row', 'detail'] as const;

/** Whether each transaction status leaves the button pressable, at `place`, for a user who may or may not act. */
function enabledByStatus(
  Button: typeof InquiryButton,
  place: 'row' | 'detail',
  permitted: boolean,
) {
  return TRANSACTION_STATUSES.map((status) => {
    const { unmount } = render(
      <Button place={place} status={status} permitted={permitted} onClick={noop} />,
    );
    const enabled = !(screen.getByRole('button') as HTMLButtonElement).disabled;
    unmount();
    return [status, enabled];
  });
}

describe('the Inquiry and Notif buttons: one rule wherever they stand', () => {
  it.each(ONE_TRANSACTION)(
    'on a %s: Inquiry only for Belum Lunas, Notif only for Lunas',
    (place) => {
      expect(Object.fromEntries(enabledByStatus(InquiryButton, place, true))).toEqual({
        [TRX_STATUS.UNPAID]: true,
        [TRX_STATUS.PAID]: false,
        [TRX_STATUS.EXPIRED]: false,
      });
      expect(Object.fromEntries(enabledByStatus(ResendButton, place, true))).toEqual({
        [TRX_STATUS.UNPAID]: false,
        [TRX_STATUS.PAID]: true,
        [TRX_STATUS.EXPIRED]: false,
      });
    },
  );

  it.each(ONE_TRANSACTION)(
    "on a %s: neither without the screen's read permission, whatever the status",
    (place) => {
      for (const Button of [InquiryButton, ResendButton]) {
        expect(enabledByStatus(Button, place, false).every(([, enabled]) => !enabled)).toBe(true);
      }
    },
  );

  it('says Inquiry and Notif on a row and on the detail page, and the bulk words on the bulk bar', () => {
    const labels = (subject: ActionSubject) => {
      const { unmount } = render(
        <>
          <InquiryButton {...subject} permitted onClick={noop} />
          <ResendButton {...subject} permitted onClick={noop} />
        </>,
      );
      const names = screen.getAllByRole('button').map((b) => b.textContent);
      unmount();
      return names;
    };
    expect(labels({ place: 'row', status: TRX_STATUS.PAID })).toEqual(['Inquiry', 'Notif']);
    expect(labels({ place: 'detail', status: TRX_STATUS.PAID })).toEqual(['Inquiry', 'Notif']);
    expect(labels({ place: 'bulk', picked: true })).toEqual(['Inquiry', 'Kirim ulang notifikasi']);
  });

  it("on a Notifications row: 'Kirim ulang', pressable with the transaction screen's read permission only", async () => {
    const onClick = vi.fn();
    const { rerender } = render(<ResendButton place="notification" permitted onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<ResendButton place="notification" permitted={false} onClick={onClick} />);
    expect(screen.getByRole('button', { name: 'Kirim ulang' })).toBeDisabled();
    // Inquiry is for the transaction screens only.
    rerender(<InquiryButton place="notification" permitted onClick={onClick} />);
    expect(screen.getByRole('button', { name: 'Inquiry' })).toBeDisabled();
  });

  it("on the bulk bar: pressable while rows are picked (each one's status is the preview's to judge), and reports the press", async () => {
    const onClick = vi.fn();
    const { rerender } = render(<ResendButton place="bulk" picked permitted onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kirim ulang notifikasi' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<ResendButton place="bulk" picked={false} permitted onClick={onClick} />);
    expect(screen.getByRole('button', { name: 'Kirim ulang notifikasi' })).toBeDisabled();
    rerender(<ResendButton place="bulk" picked permitted={false} onClick={onClick} />);
    expect(screen.getByRole('button', { name: 'Kirim ulang notifikasi' })).toBeDisabled();
  });
});
