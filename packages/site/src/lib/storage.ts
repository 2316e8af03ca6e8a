/** localStorage, or null where there is none or it is blocked (private modes, sandboxed frames, server rendering). */
export function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
