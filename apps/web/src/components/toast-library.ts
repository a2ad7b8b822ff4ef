/**
 * The toast library (react-toastify) is downloaded when the first toast is shown, not with the
 * sign-in page: `loadToastLibrary` starts the download (once; a failed one is tried again at the
 * next toast), and the toast container (app/toasts.tsx) mounts as soon as the library is here.
 * Toasts asked for before the container mounts wait in the library's own queue.
 */
import { useSyncExternalStore } from 'react';
import type * as ReactToastify from 'react-toastify';

export type ToastLibrary = typeof ReactToastify;

let loading: Promise<ToastLibrary> | undefined;
let loaded: ToastLibrary | null = null;
const listeners = new Set<() => void>();

export function loadToastLibrary(): Promise<ToastLibrary> {
  loading ??= import('react-toastify').then(
    (library) => {
      loaded = library;
      for (const listener of listeners) listener();
      return library;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The library once the first toast has loaded it; null before. */
export function useToastLibrary(): ToastLibrary | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}
