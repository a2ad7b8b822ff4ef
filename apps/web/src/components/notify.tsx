/**
 * Toasts (spec §8, §9): a plain message, or a bold title over a message. The toast library loads
 * with the first toast (toast-library.ts); the toast shows as soon as it is here.
 */
import type { ToastOptions } from 'react-toastify';
import { loadToastLibrary } from './toast-library.ts';

function TitledMessage({ title, message }: { title: string; message: string }) {
  return (
    <div>
      <strong style={{ display: 'block' }}>{title}</strong>
      <span>{message}</span>
    </div>
  );
}

function content(title: string, message?: string) {
  return message ? <TitledMessage title={title} message={message} /> : title;
}

type ToastKind = 'success' | 'error' | 'info' | 'warning';

const show = (kind: ToastKind) => (title: string, message?: string, options?: ToastOptions) => {
  loadToastLibrary().then(
    ({ toast }) => toast[kind](content(title, message), options),
    // The download failed (offline, or a build replaced meanwhile: stale-build.ts reloads the page).
    (error: unknown) => console.error('The toast could not be shown:', title, error),
  );
};

export const notify = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
