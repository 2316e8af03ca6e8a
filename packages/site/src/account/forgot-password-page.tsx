import { navigate } from '../router';
import { usePageTitle } from '../ui/page-title';
import { ForgotPasswordForm } from './auth-forms';
import styles from './account.module.css';

export function ForgotPasswordPage() {
  usePageTitle('forgot-password');
  return (
    <section className={styles.card} aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password</h1>
      <ForgotPasswordForm onDone={() => navigate('/login')} onBack={() => navigate('/login')} />
    </section>
  );
}

export default ForgotPasswordPage;
