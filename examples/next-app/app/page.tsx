import { createCommentsClient } from '@guffaw/comments-client';
import { Comments, type InitialPage } from '@guffaw/comments-widget';

// A server component: it reads the thread's first page from the comment service while rendering, and the widget (a
// client component, the package's entry says 'use client') renders those comments into the HTML and hydrates from
// them, without reading them again or a "Loading comments…" flash.
export const dynamic = 'force-dynamic';

const GUFFAW_URL = process.env.GUFFAW_URL ?? 'http://localhost:3000';

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const url = typeof params.url === 'string' ? params.url : '';
  const appId = typeof params.appId === 'string' ? params.appId : 'guffaw';
  // The reader's language (en, es, de, fr, pt-BR, ja, ar; Arabic reads right to left), loaded on demand in the browser.
  const locale = typeof params.lang === 'string' ? params.lang : undefined;
  let initialPage: InitialPage | undefined;
  if (url) {
    try {
      // The widget's first list is the hot one.
      const page = await createCommentsClient({ appId, host: GUFFAW_URL }).listComments({ url, type: 'hot' });
      initialPage = { page, readAt: Date.now() };
    } catch (error) {
      // The browser reads the thread itself when the server could not.
      console.warn(`comments of ${url}: ${(error as Error).message}`);
    }
  }
  return (
    <main>
      <h1>Comments from Guffaw</h1>
      {url ? (
        <Comments appId={appId} url={url} locale={locale} initialPage={initialPage} />
      ) : (
        <p>Add <code>?url=http://localhost:3000/gag/POST_ID</code> to the address.</p>
      )}
    </main>
  );
}
