import { useLocation } from '../router';
import { usePageTitle } from '../ui/page-title';
import { LOGIN_MESSAGES, LoginForm } from './auth-forms';
import { nextFromSearch } from './next-url';
import styles from './account.module.css';

/** /login: the login form (it posts to /login); ?error=LOGIN_FAILED|LOGIN_ERROR shows the server's verdict. */
export function LoginPage() {
  usePageTitle('login');
  const { search } = useLocation();
  const code = new URLSearchParams(search).get('error');
  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <LoginForm next={nextFromSearch(search)} initialError={code ? (LOGIN_MESSAGES[code] ?? LOGIN_MESSAGES.LOGIN_ERROR ?? null) : null} />
    </section>
  );
}

export default LoginPage;
