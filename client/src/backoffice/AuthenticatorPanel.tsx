import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticatorEnrolment } from '@hotline/shared';
import { userMessage } from '../api/user-message';
import { backOfficeApi } from './backoffice-api';

type Step = { kind: 'password' } | { kind: 'scan'; enrolment: AuthenticatorEnrolment } | { kind: 'done' };

/**
 * /backoffice/security — replace your authenticator app: your password again, scan the QR code (or type the key),
 * then a code from the new app proves the scan; only then does the server switch, and your other sessions end.
 */
export function AuthenticatorPanel() {
  const { t } = useTranslation();
  const passwordId = useId();
  const codeId = useId();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (step.kind !== 'password') headingRef.current?.focus();
  }, [step.kind]);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(userMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  const start = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const enrolment = await backOfficeApi.startAuthenticator(password);
      setPassword('');
      setStep({ kind: 'scan', enrolment });
    });
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await backOfficeApi.confirmAuthenticator(code.trim());
      setStep({ kind: 'done' });
    });
  };

  const failure = problem && (
    <p className="notice notice--error" role="alert" tabIndex={-1} ref={problemRef}>
      {problem}
    </p>
  );

  return (
    <section className="bo-card" aria-labelledby="bo-security-title">
      <h2 id="bo-security-title" tabIndex={-1} ref={headingRef}>
        {step.kind === 'done' ? t('backOffice.security.doneTitle') : t('backOffice.security.title')}
      </h2>
      {step.kind === 'password' && (
        <form onSubmit={start}>
          <p>{t('backOffice.security.intro')}</p>
          <div className="bo-field">
            <label htmlFor={passwordId}>{t('backOffice.signIn.password')}</label>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </div>
          {failure}
          <button type="submit" className="button button--primary" disabled={busy || !password} aria-busy={busy}>
            {t('backOffice.security.start')}
          </button>
        </form>
      )}
      {step.kind === 'scan' && (
        <form onSubmit={confirm}>
          <p>{t('backOffice.security.scan', { minutes: step.enrolment.expiresInMinutes })}</p>
          <img
            className="bo-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.enrolment.qrSvg)}`}
            alt={t('backOffice.security.qrAlt')}
            width={220}
            height={220}
          />
          <p>
            {t('backOffice.security.manual')}{' '}
            <code dir="ltr" data-testid="bo-totp-secret">
              {step.enrolment.secret}
            </code>
          </p>
          <div className="bo-field">
            <label htmlFor={codeId}>{t('backOffice.signIn.code')}</label>
            <input
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              dir="ltr"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
          </div>
          {failure}
          <button type="submit" className="button button--primary" disabled={busy || code.trim().length !== 6}>
            {t('backOffice.security.confirm')}
          </button>
        </form>
      )}
      {step.kind === 'done' && <p role="status">{t('backOffice.security.done')}</p>}
    </section>
  );
}
