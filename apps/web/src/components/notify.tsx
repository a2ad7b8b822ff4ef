/** Toasts (spec §8, §9): a plain message, or a bold title over a message. */
import { toast, type ToastOptions } from 'react-toastify';

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

export const notify = {
  success: (title: string, message?: string, options?: ToastOptions) =>
    toast.success(content(title, message), options),
  error: (title: string, message?: string, options?: ToastOptions) =>
    toast.error(content(title, message), options),
  info: (title: string, message?: string, options?: ToastOptions) =>
    toast.info(content(title, message), options),
  warning: (title: string, message?: string, options?: ToastOptions) =>
    toast.warning(content(title, message), options),
};
