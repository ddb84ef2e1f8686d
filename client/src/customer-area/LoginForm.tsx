import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAreaInfo } from '@hotline/shared';
import { ApiError } from '../api/client';
import { customerApi } from './customer-api';

type Step = { kind: 'identify' } | { kind: 'code'; resendIn: number; canResend: boolean };

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * Login by Israeli ID and mobile, then the SMS code (spec: "open the login form;
 * send the mobile number; SMS code validation; customer set"). One resend, after
 * a 20-second countdown, as the spec's SMS fallback allows.
 */
export function LoginForm({
  onLoggedIn,
  notice,
}: {
  onLoggedIn: (info: CustomerAreaInfo) => void;
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const [ssn, setSsn] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'identify' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const counting = step.kind === 'code' && step.resendIn > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(
      () => setStep((s) => (s.kind === 'code' ? { ...s, resendIn: Math.max(0, s.resendIn - 1) } : s)),
      1000,
    );
    return () => clearInterval(timer);
  }, [counting]);

  const send = async (resend: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const r = await customerApi.requestCode({ ssn: ssn.trim(), mobileNumber: mobile.trim() });
      setStep({ kind: 'code', resendIn: r.resendAfterSeconds, canResend: !resend && r.isFallbackEnabled });
      setTimeout(() => codeInput.current?.focus(), 0);
    } catch (e) {
      setError(messageOf(e, t('customerArea.login.failed')));
    } finally {
      setBusy(false);
    }
  };

  const submitIdentity = (e: FormEvent) => {
    e.preventDefault();
    if (!ssn.trim() || !mobile.trim()) {
      setError(t('customerArea.login.required'));
      return;
    }
    void send(false);
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await customerApi.validate(code.trim());
      onLoggedIn(r.customerAreaInfo);
    } catch (err) {
      setError(messageOf(err, t('customerArea.login.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ca-card ca-login" aria-labelledby="ca-login-title">
      <h2 id="ca-login-title">{t('customerArea.login.title')}</h2>
      {notice && (
        <div className="notice notice--warning" role="status">
          {notice}
        </div>
      )}
      {step.kind === 'identify' ? (
        <form onSubmit={submitIdentity} noValidate>
          <p>{t('customerArea.login.intro')}</p>
          <div className="ca-field">
            <label htmlFor="ca-ssn">{t('customerArea.login.ssn')}</label>
            <input
              id="ca-ssn"
              name="ssn"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              maxLength={9}
              value={ssn}
              onChange={(e) => setSsn(e.target.value)}
              required
            />
          </div>
          <div className="ca-field">
            <label htmlFor="ca-mobile">{t('customerArea.login.mobile')}</label>
            <input
              id="ca-mobile"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              dir="ltr"
              maxLength={20}
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              required
            />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('customerArea.login.sending') : t('customerArea.login.send')}
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <p role="status">{t('customerArea.login.codeSent')}</p>
          <div className="ca-field">
            <label htmlFor="ca-code">{t('customerArea.login.code')}</label>
            <input
              id="ca-code"
              ref={codeInput}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={6}
              pattern="\d{6}"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              required
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy || code.length !== 6}>
              {t('customerArea.login.verify')}
            </button>
            {step.canResend && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy || step.resendIn > 0}
                onClick={() => void send(true)}
              >
                {step.resendIn > 0
                  ? t('customerArea.login.resendIn', { seconds: step.resendIn })
                  : t('customerArea.login.resend')}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setStep({ kind: 'identify' });
                setCode('');
                setError(null);
              }}
            >
              {t('customerArea.login.back')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
    </section>
  );
}
