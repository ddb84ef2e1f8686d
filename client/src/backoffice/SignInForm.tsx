import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@hotline/shared';
import { ApiError } from '../api/client';
import { backOfficeApi } from './backoffice-api';

/** Staff sign-in: user name, password and the authenticator app's code, in one step. */
export function SignInForm({ onSignedIn }: { onSignedIn: (staff: StaffMe) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await backOfficeApi.signIn({ username: username.trim(), password, totpCode: code.trim() });
      onSignedIn(r.staff);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status < 500 && err.message ? err.message : t('backOffice.signIn.failed'),
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="bo-card bo-signin" aria-labelledby="bo-signin-title">
      <h2 id="bo-signin-title">{t('backOffice.signIn.title')}</h2>
      <p>{t('backOffice.signIn.intro')}</p>
      <form onSubmit={submit}>
        <div className="bo-field">
          <label htmlFor="bo-username">{t('backOffice.signIn.username')}</label>
          <input
            id="bo-username"
            name="username"
            autoComplete="username"
            dir="ltr"
            maxLength={64}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </div>
        <div className="bo-field">
          <label htmlFor="bo-password">{t('backOffice.signIn.password')}</label>
          <input
            id="bo-password"
            name="password"
            type="password"
            autoComplete="current-password"
            dir="ltr"
            maxLength={200}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <div className="bo-field">
          <label htmlFor="bo-code">{t('backOffice.signIn.code')}</label>
          <input
            id="bo-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            pattern="[0-9]{6}"
            maxLength={6}
            aria-describedby="bo-code-hint"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
          <span id="bo-code-hint" className="bo-hint">
            {t('backOffice.signIn.codeHint')}
          </span>
        </div>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('backOffice.signIn.submit')}
        </button>
      </form>
    </section>
  );
}
