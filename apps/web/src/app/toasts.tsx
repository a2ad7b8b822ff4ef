import { TOAST } from '@tagih/contract';
import { useToastLibrary, type ToastLibrary } from '../components/toast-library.ts';
import './toasts.css';

let fade: ReturnType<ToastLibrary['cssTransition']> | undefined;

/** 300 ms fade-in, 1000 ms fade-out (spec §9). */
const fadeOf = (library: ToastLibrary) =>
  (fade ??= library.cssTransition({
    enter: 'tagih-fade-in',
    exit: 'tagih-fade-out',
    collapseDuration: 300,
  }));

/**
 * Top-right, newest on top, 5000 ms, paused on hover, with a progress bar (spec §9). Mounted
 * once the first toast has loaded the library (components/toast-library.ts).
 */
export function Toasts() {
  const library = useToastLibrary();
  if (!library) return null;
  const { ToastContainer } = library;
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST.autoCloseMs}
      newestOnTop
      pauseOnHover
      hideProgressBar={false}
      closeOnClick
      transition={fadeOf(library)}
      theme="colored"
    />
  );
}
