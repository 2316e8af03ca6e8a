/**
 * An Akismet-compatible comment check (https://akismet.com/developers/comment-check/): POST {url}/1.1/comment-check,
 * form encoded, answered `true` (spam) or `false`. Configured by AKISMET_KEY and AKISMET_URL (config.commentSpam);
 * called with a timeout and failing open: any other answer, an error or a slow service counts as "not spam", with a
 * log line, so a checker that is down never stops comments.
 */

export type AkismetConfig = { key: string; url: string };

export type AkismetComment = {
  /** The site the comment is on (`blog`): the page's origin. */
  blog: string;
  permalink: string;
  userIp: string;
  userAgent: string;
  author: string;
  authorUrl: string;
  content: string;
  /** `comment` or `reply`. */
  type: 'comment' | 'reply';
  createdAt: Date;
};

export type AkismetLog = { warn: (obj: Record<string, unknown>, msg: string) => void };

export const AKISMET_TIMEOUT_MS = 1500;

export async function akismetIsSpam(config: AkismetConfig, c: AkismetComment, log: AkismetLog, timeoutMs = AKISMET_TIMEOUT_MS): Promise<boolean> {
  const body = new URLSearchParams({
    api_key: config.key,
    blog: c.blog,
    permalink: c.permalink,
    user_ip: c.userIp,
    user_agent: c.userAgent,
    comment_type: c.type,
    comment_author: c.author,
    comment_author_url: c.authorUrl,
    comment_content: c.content,
    comment_date_gmt: c.createdAt.toISOString(),
  });
  try {
    const res = await fetch(`${config.url.replace(/\/+$/, '')}/1.1/comment-check`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await res.text()).trim();
    if (res.ok && text === 'true') return true;
    if (res.ok && text === 'false') return false;
    log.warn({ status: res.status, answer: text.slice(0, 100), help: res.headers.get('x-akismet-debug-help') ?? undefined }, 'spam check answered neither true nor false; the comment is let through');
  } catch (error) {
    log.warn({ err: (error as Error).message }, 'spam check failed or was slow; the comment is let through');
  }
  return false;
}
