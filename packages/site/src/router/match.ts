/** A route pattern: literal segments, `:name` params and a trailing `*` for the rest of the path. */
export type RouteParams = Record<string, string>;

/**
 * Matches a pathname against a pattern (`/tag/:tag`, `/gag/:postId`, `/settings/*`). A trailing slash is ignored and
 * params are URI-decoded; a param never matches an empty segment. Returns null when the pattern does not match.
 */
export function matchPath(pattern: string, pathname: string): RouteParams | null {
  const want = split(pattern);
  const have = split(pathname);
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    if (segment === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) {
      const decoded = safeDecode(value);
      if (decoded === null || decoded === '') return null;
      params[segment.slice(1)] = decoded;
    } else if (segment !== value) {
      return null;
    }
  }
  return have.length === want.length ? params : null;
}

const split = (path: string) => path.split('/').filter((s) => s !== '');

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
