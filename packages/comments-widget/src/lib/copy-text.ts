/**
 * Copies text to the clipboard. The Clipboard API needs a secure context and, in a frame, the host's
 * allow="clipboard-write"; where it is missing or refused, the older copy command on a selected field still works
 * within the click's user activation. Resolves false when neither did, so the caller can say so.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement as HTMLElement | null;
    const field = document.createElement('textarea');
    field.value = text;
    field.readOnly = true;
    field.style.cssText = 'position:fixed;top:0;opacity:0';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
      focused?.focus({ preventScroll: true });
    }
  }
}
