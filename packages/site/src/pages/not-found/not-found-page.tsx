import { Link } from '../../router';
import { usePageTitle } from '../../shell/page-title';

export function NotFoundPage() {
  usePageTitle('not-found');
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is nothing at this address. <Link href="/">Go to the home page</Link>.
      </p>
    </section>
  );
}

export default NotFoundPage;
