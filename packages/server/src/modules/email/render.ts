import type { MailMessage } from '../../lib/mail.js';

/** One reply or mention in a mail: the notification's sentence, the comment's start and where it is. */
export type MailEntry = { kind: string; message: string; excerpt: string; url: string };

export type MailContext = {
  to: string;
  /** The product (APP_NAME) or the host app's name. */
  siteName: string;
  mode: 'immediately' | 'digest';
  unsubscribeUrl: string;
  /** Where the recipient changes the setting (the main site's settings page); null for app users (the widget). */
  settingsUrl: string | null;
};

/** HTML text and attribute escaping: every user text (names, comment text, URLs) goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Only http(s) links are written into a mail; anything else becomes no link. */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Line breaks and other control characters of user text never reach a header or break the layout. */
const oneLine = (value: string, max: number) => {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function subjectOf(entries: readonly MailEntry[], ctx: Pick<MailContext, 'siteName' | 'mode'>): string {
  const site = oneLine(ctx.siteName, 60);
  if (ctx.mode === 'digest') return `Your daily ${site} digest: ${plural(entries.length, 'reply or mention', 'replies and mentions')}`;
  const first = entries[0];
  if (entries.length === 1 && first) return oneLine(first.message, 150).replace(/\.$/, '');
  return `${plural(entries.length, 'new reply or mention', 'new replies and mentions')} on ${site}`;
}

/** The mail for a batch (immediately) or a day (digest): plain text plus HTML, each with the unsubscribe footer. */
export function renderMail(entries: readonly MailEntry[], ctx: MailContext): MailMessage {
  const items = entries.map((e) => ({ message: oneLine(e.message, 300), excerpt: oneLine(e.excerpt, 300), url: safeLink(e.url) }));
  const site = oneLine(ctx.siteName, 60);
  const why =
    ctx.mode === 'digest'
      ? `You get this daily digest because of your email notification settings on ${site}.`
      : `You get this email because of your email notification settings on ${site}.`;

  const text = [
    ctx.mode === 'digest' ? `Your replies and mentions of the last day on ${site}:` : `New on ${site}:`,
    '',
    ...items.flatMap((i) => [i.message, ...(i.excerpt ? [`"${i.excerpt}"`] : []), ...(i.url ? [i.url] : []), '']),
    '-- ',
    why,
    ...(ctx.settingsUrl ? [`Change how often: ${ctx.settingsUrl}`] : []),
    `Unsubscribe: ${ctx.unsubscribeUrl}`,
    '',
  ].join('\n');

  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.45;color:#1a1a1a">',
    `<p>${escapeHtml(ctx.mode === 'digest' ? `Your replies and mentions of the last day on ${site}:` : `New on ${site}:`)}</p>`,
    ...items.map(
      (i) =>
        `<div style="margin:0 0 16px"><div><strong>${escapeHtml(i.message)}</strong></div>` +
        (i.excerpt ? `<div style="color:#555">“${escapeHtml(i.excerpt)}”</div>` : '') +
        (i.url ? `<div>${link(i.url, 'Open the comment')}</div>` : '') +
        '</div>',
    ),
    '<hr style="border:0;border-top:1px solid #ddd">',
    `<p style="font-size:12px;color:#666">${escapeHtml(why)}` +
      (ctx.settingsUrl ? ` ${link(ctx.settingsUrl, 'Change how often')} ·` : '') +
      ` ${link(ctx.unsubscribeUrl, 'Unsubscribe')}</p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: ctx.to,
    subject: subjectOf(entries, ctx),
    text,
    html,
    links: [...items.flatMap((i) => (i.url ? [i.url] : [])), ...(ctx.settingsUrl ? [ctx.settingsUrl] : []), ctx.unsubscribeUrl],
    headers: {
      // RFC 2369 and RFC 8058: a mail client's one-click unsubscribe POSTs "List-Unsubscribe=One-Click" to the URL.
      'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
