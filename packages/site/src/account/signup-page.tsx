import { useLocation } from '../router';
import { usePageTitle } from '../ui/page-title';
import { CheckYourEmail, SignupForm } from './auth-forms';
import { nextFromSearch } from './next-url';
import styles from './account.module.css';

/**
 * /signup: reads next, src and ref; a failed form post comes back with error, errorMessage, fullname and email, a
 * successful one with sent=1 (check your mail).
 */
export function SignupPage() {
  usePageTitle('signup');
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const error = params.get('errorMessage') ?? (params.get('error') ? 'An error occurred. Please try again later.' : null);
  return (
    <section className={styles.card} aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up</h1>
      {params.get('sent') === '1' ? (
        <CheckYourEmail email="" />
      ) : (
        <SignupForm
          next={nextFromSearch(search)}
          src={params.get('src') ?? ''}
          refParam={params.get('ref') ?? ''}
          prefill={{ fullname: params.get('fullname') ?? '', email: params.get('email') ?? '', error }}
        />
      )}
    </section>
  );
}

export default SignupPage;
