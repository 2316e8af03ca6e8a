import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Comments } from '@guffaw/comments-widget';
import '@guffaw/comments-widget/styles.css';

/**
 * Shows the comments of one page of a running Guffaw server. `url` is the page whose comments these are; for the
 * demo content that is a product post's canonical URL, `${PUBLIC_URL}/gag/{postId}`.
 * Reading needs no token; to post, hand `auth` a token your server signs for its user (see the root README).
 */
function App() {
  const params = new URLSearchParams(location.search);
  const [url, setUrl] = useState(params.get('url') ?? '');
  return (
    <main style={{ maxWidth: 720, margin: '2rem auto', fontFamily: 'system-ui, sans-serif', padding: '0 1rem' }}>
      <h1>Comments from Guffaw</h1>
      <label>
        Page URL{' '}
        <input value={url} onChange={(e) => setUrl(e.target.value)} size={50} placeholder="http://localhost:3000/gag/abc1234" />
      </label>
      {url ? (
        <Comments
          appId={params.get('appId') ?? 'guffaw'}
          url={url}
          auth={params.get('auth')}
          // The page's original poster: an OP token your server signs for them and this page's url (purpose 'op',
          // see the root README) gives them Pin, Hide and "Post anonymously as OP".
          opToken={params.get('opToken') ?? undefined}
          canAnonymous={params.has('opToken')}
          // The reader's language (en, es, de, fr, pt-BR, ja, ar; Arabic reads right to left): loaded on demand.
          locale={params.get('lang') ?? undefined}
          onRequireLogin={() => alert('Sign in on the host site to take part.')}
        />
      ) : null}
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
