/** Thread URLs of an import: checked (http(s) pages only) and with their hosts rewritten when asked. */

/** Parses `old=new` host rewrites (CLI --rewrite-host). */
export function parseHostRewrites(values: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const v of values) {
    const m = /^([^=\s/]+)=([^=\s/]+)$/.exec(v.trim());
    if (!m) throw new Error(`--rewrite-host ${v}: expected OLD_HOST=NEW_HOST (e.g. old.example=new.example)`);
    map.set((m[1] as string).toLowerCase(), (m[2] as string).toLowerCase());
  }
  return map;
}

/** The section URL of a thread: http(s) only, the host rewritten when asked; null when it is not a page URL. */
export function sectionUrl(raw: string, rewrites: Map<string, string> | undefined): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const to = rewrites?.get(u.host.toLowerCase()) ?? rewrites?.get(u.hostname.toLowerCase());
  if (to) u.host = to;
  const out = u.toString();
  return out.length > 2048 ? null : out;
}
