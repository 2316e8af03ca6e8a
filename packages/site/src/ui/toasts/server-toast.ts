/** shell-and-account.md §8 "Server toast codes": the server sets `toastMsg` with comma-separated codes; appName is the config's. */
export const serverToastMessages = (appName: string): Record<string, string> => ({
  '2': 'Awww Yeah! Welcome back.',
  '3': "Ooooops! The post you're looking for has been reported by the community and removed.",
  '4': `Me Gusta! Welcome to ${appName}, go have fun now!`,
  '5': 'The post is removed.',
  '12': 'Ooooops! There is an error logging in.',
  '17': `${appName} is undergoing maintenance right now. Sign-up and Upload will be back shortly.`,
  '18': 'Your account is successfully verified!',
  '19': 'The verification email is expired. Another verification email is sent to you.',
});

export const TOAST_COOKIE = 'toastMsg';

/** Reads and clears the cookie; returns the codes in order (unknown codes are dropped by the caller). */
export function takeServerToastCodes(doc: Document = document): string[] {
  const entry = doc.cookie.split('; ').find((c) => c.startsWith(`${TOAST_COOKIE}=`));
  if (!entry) return [];
  doc.cookie = `${TOAST_COOKIE}=; Max-Age=0; path=/`;
  let value = entry.slice(TOAST_COOKIE.length + 1);
  try {
    value = decodeURIComponent(value);
  } catch {
    return [];
  }
  return value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * Shows the server's toasts. Code 2 inside a sign-in popup tells the opener instead and closes the popup (§8); the
 * opener reloads, or goes to the target when it is the top window (handled by listenForSignin).
 */
export function showServerToasts(show: (message: string) => void, appName: string, win: Window = window): string[] {
  const codes = takeServerToastCodes(win.document);
  const messages = serverToastMessages(appName);
  if (codes.includes('2') && win.opener && win.opener !== win) {
    try {
      (win.opener as Window).postMessage({ type: 'signin-success', url: win.location.href }, win.location.origin);
      win.close();
      return codes;
    } catch {
      // The opener is gone or another origin: show the toast here.
    }
  }
  for (const code of codes) {
    const message = messages[code];
    if (message) show(message);
  }
  return codes;
}

/** §7: a "signin-success" message from our own popup reloads this page, or goes to the target in the top window. */
export function listenForSignin(win: Window = window): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== win.location.origin) return;
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (!data || data.type !== 'signin-success') return;
    if (win.top === win && typeof data.url === 'string' && data.url.startsWith(win.location.origin)) win.location.assign(data.url);
    else win.location.reload();
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
