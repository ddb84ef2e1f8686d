import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { StaffSetupStart } from '@hotline/shared';
import { ApiError } from '../api/client';
import { userMessage } from '../api/user-message';
import { useLocale } from '../hooks/useLocale';
import { RefusalAlert } from './admin-ui/AdminMessages';
import { setupApi } from './setup/setup-api';
import './setup/i18n';
import './backoffice.css';
import './setup/staff-setup.css';

const K = 'backOffice.setup';
/** The server's rule (ASVS V6.2): at least 12 characters, and not the username. */
const MIN_PASSWORD = 12;
/** A setup link's token: 32 random bytes, base64url (the API refuses anything else). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Phase =
  | { kind: 'no-link' }
  | { kind: 'opening' }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'form'; start: StaffSetupStart }
  | { kind: 'done'; username: string };

type FieldName = 'password' | 'repeat' | 'code';

/** The token in the address's fragment (#…), which browsers never send to a server nor put in a Referer. */
const tokenFromAddress = (): string | null => {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
  return TOKEN.test(hash) ? hash : null;
};

/**
 * /backoffice/setup#<token>: the one-time link a new (or reset) staff member is given. No sign-in: the token is the
 * credential. It is read from the fragment and at once removed from the address bar (and so from the history and a
 * shared screen); then the page names the account, shows the authenticator key as a QR code and as text, and asks
 * for a new password (twice, compared here) and a code from the app. Done, it points to the back-office sign-in.
 * A spent or expired link shows the server's sentence; a key kept aside too long (10 minutes) is replaced by a new
 * one to scan.
 */
export default function StaffSetupPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const ids = { username: useId(), password: useId(), repeat: useId(), code: useId() };
  const [token] = useState(tokenFromAddress);
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'opening' } : { kind: 'no-link' }));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<{ text: string; n: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  /** One start per page: a second one would replace the key the person may already have scanned. */
  const started = useRef(false);

  // The token leaves the address bar (and the history) at once; the ?lang= stays.
  const { hash, pathname, search } = location;
  useEffect(() => {
    if (hash) navigate({ pathname, search }, { replace: true, preventScrollReset: true });
  }, [hash, pathname, search, navigate]);

  /** Asks for the account and a new key; the page shows "Opening…" meanwhile. */
  const load = useCallback(
    (link: string) =>
      setupApi.start(link).then(
        (start) => setPhase({ kind: 'form', start }),
        (e: unknown) =>
          setPhase(
            e instanceof ApiError && e.status === 410
              ? { kind: 'invalid', message: userMessage(e, t) }
              : { kind: 'failed', message: userMessage(e, t) },
          ),
      ),
    [t],
  );

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void load(token);
  }, [token, load]);

  const retry = () => {
    if (!token) return;
    setPhase({ kind: 'opening' });
    void load(token);
  };

  useEffect(() => {
    if (phase.kind !== 'opening' && phase.kind !== 'no-link') headingRef.current?.focus();
  }, [phase.kind]);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const say = (text: string) => setProblem((p) => ({ text, n: (p?.n ?? 0) + 1 }));

  const finish = async (event: FormEvent, start: StaffSetupStart) => {
    event.preventDefault();
    if (!token) return;
    const found: Partial<Record<FieldName, string>> = {};
    if (!password) found.password = t(`${K}.required`);
    else if (password.length < MIN_PASSWORD) found.password = t(`${K}.tooShort`);
    else if (password.toLowerCase().includes(start.username.toLowerCase())) found.password = t(`${K}.containsUsername`);
    if (!repeat) found.repeat = t(`${K}.required`);
    else if (!found.password && repeat !== password) found.repeat = t(`${K}.mismatch`);
    if (!/^\d{6}$/.test(code.trim())) found.code = code.trim() ? t(`${K}.codeInvalid`) : t(`${K}.required`);
    setErrors(found);
    const first = (['password', 'repeat', 'code'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const done = await setupApi.finish(token, password, code.trim());
      setPassword('');
      setRepeat('');
      setPhase({ kind: 'done', username: done.username });
    } catch (e) {
      setCode('');
      if (e instanceof ApiError && e.status === 410) setPhase({ kind: 'invalid', message: userMessage(e, t) });
      else if (e instanceof ApiError && e.code === 'STAFF_ENROLMENT_EXPIRED') {
        // The key was kept aside 10 minutes: a new one to scan (the password typed stays).
        try {
          setPhase({ kind: 'form', start: await setupApi.start(token) });
          say(t(`${K}.keyRenewed`));
        } catch (again) {
          if (again instanceof ApiError && again.status === 410)
            setPhase({ kind: 'invalid', message: userMessage(again, t) });
          else say(userMessage(again, t));
        }
      } else say(userMessage(e, t));
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: FieldName,
    label: string,
    hint: string | undefined,
    input: (aria: { 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode,
  ) => {
    const error = errors[name];
    const describedBy = [hint && `${ids[name]}-hint`, error && `${ids[name]}-error`].filter(Boolean).join(' ');
    return (
      <div className="bo-field">
        <label htmlFor={ids[name]}>{label}</label>
        {input({
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': true } : {}),
        })}
        {hint && (
          <span id={`${ids[name]}-hint`} className="bo-hint">
            {hint}
          </span>
        )}
        {error && (
          <span id={`${ids[name]}-error`} className="bo-setup-error">
            {error}
          </span>
        )}
      </div>
    );
  };

  return (
    <div className="backoffice bo-setup">
      <h1>{t(`${K}.title`)}</h1>
      {phase.kind === 'no-link' && (
        <section className="bo-card">
          <p>{t(`${K}.noLink`)}</p>
        </section>
      )}
      {phase.kind === 'opening' && (
        <p role="status" className="bo-card">
          {t(`${K}.opening`)}
        </p>
      )}
      {phase.kind === 'invalid' && (
        <section className="bo-card" aria-labelledby="bo-setup-invalid-title">
          <h2 id="bo-setup-invalid-title" tabIndex={-1} ref={headingRef}>
            {t(`${K}.invalidTitle`)}
          </h2>
          <p role="alert" data-testid="bo-setup-invalid">
            {phase.message}
          </p>
        </section>
      )}
      {phase.kind === 'failed' && (
        <section className="bo-card" aria-labelledby="bo-setup-failed-title">
          <h2 id="bo-setup-failed-title" tabIndex={-1} ref={headingRef}>
            {t(`${K}.failed`)}
          </h2>
          <p role="alert">{phase.message}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t(`${K}.retry`)}
          </button>
        </section>
      )}
      {phase.kind === 'form' && (
        <section className="bo-card" aria-labelledby="bo-setup-account">
          <h2 id="bo-setup-account" tabIndex={-1} ref={headingRef}>
            {t(`${K}.accountFor`)}{' '}
            <bdi dir="ltr" translate="no" data-testid="bo-setup-username">
              {phase.start.username}
            </bdi>
          </h2>
          <p>{t(`${K}.intro`)}</p>
          <form noValidate onSubmit={(e) => void finish(e, phase.start)}>
            <div className="bo-field">
              <label htmlFor={ids.username}>{t(`${K}.username`)}</label>
              {/* Read-only, for the password manager to save the new password under the right name. */}
              <input
                id={ids.username}
                name="username"
                autoComplete="username"
                dir="ltr"
                translate="no"
                readOnly
                value={phase.start.username}
              />
            </div>

            <h3>{t(`${K}.scanTitle`)}</h3>
            <p>{t(`${K}.scan`)}</p>
            <img
              className="bo-qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(phase.start.qrSvg)}`}
              alt={t(`${K}.qrAlt`)}
              width={220}
              height={220}
            />
            <p>
              {t(`${K}.manual`)}{' '}
              <code dir="ltr" translate="no" className="bo-setup-secret" data-testid="bo-setup-secret">
                {phase.start.secret}
              </code>
            </p>
            <p>
              <a href={phase.start.otpauthUri}>{t(`${K}.openInApp`)}</a>
            </p>

            <h3>{t(`${K}.passwordTitle`)}</h3>
            {field('password', t(`${K}.password`), t(`${K}.passwordHint`), (aria) => (
              <input
                id={ids.password}
                name="new-password"
                type="password"
                autoComplete="new-password"
                dir="ltr"
                maxLength={200}
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...aria}
              />
            ))}
            {field('repeat', t(`${K}.repeat`), undefined, (aria) => (
              <input
                id={ids.repeat}
                name="repeat-password"
                type="password"
                autoComplete="new-password"
                dir="ltr"
                maxLength={200}
                required
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
                {...aria}
              />
            ))}

            <h3>{t(`${K}.codeTitle`)}</h3>
            {field('code', t(`${K}.code`), t(`${K}.codeHint`), (aria) => (
              <input
                id={ids.code}
                name="one-time-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                dir="ltr"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                {...aria}
              />
            ))}
            {problem && <RefusalAlert key={problem.n} text={problem.text} testId="bo-setup-problem" ref={problemRef} />}
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
              {t(`${K}.finish`)}
            </button>
          </form>
        </section>
      )}
      {phase.kind === 'done' && (
        <section className="bo-card" aria-labelledby="bo-setup-done-title">
          <h2 id="bo-setup-done-title" tabIndex={-1} ref={headingRef}>
            {t(`${K}.doneTitle`)}
          </h2>
          <p role="status">{t(`${K}.done`, { username: phase.username })}</p>
          <p>
            <Link className="button button--primary" to={`/backoffice?lang=${locale}`}>
              {t(`${K}.signIn`)}
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
