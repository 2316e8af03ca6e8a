export { listenForSignin, serverToastMessages, showServerToasts, takeServerToastCodes, TOAST_COOKIE } from './server-toast';
export { createToastStore, showToast, TOAST_DURATION_MS, toastStore, useToasts, type Toast, type ToastAction, type ToastKind, type ToastOptions } from './toast-store';
