// server-toast.ts is the shell startup's alone, imported from its own module: re-exported here, it makes Rolldown split
// ten modules of the home route out of its entry chunk into seven small chunks (2.1 KB gzip more, measured).
export { createToastStore, showToast, TOAST_DURATION_MS, toastStore, useToasts, type Toast, type ToastAction, type ToastKind, type ToastOptions } from './toast-store';
