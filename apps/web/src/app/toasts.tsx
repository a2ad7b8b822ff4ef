import { TOAST } from '@tagih/contract';
import { ToastContainer, cssTransition } from 'react-toastify';
import './toasts.css';

/** 300 ms fade-in, 1000 ms fade-out (spec §9). */
const Fade = cssTransition({
  enter: 'tagih-fade-in',
  exit: 'tagih-fade-out',
  collapseDuration: 300,
});

/** Top-right, newest on top, 5000 ms, paused on hover, with a progress bar (spec §9). */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST.autoCloseMs}
      newestOnTop
      pauseOnHover
      hideProgressBar={false}
      closeOnClick
      transition={Fade}
      theme="colored"
    />
  );
}
