import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useTranslation } from 'react-i18next';
import {
  cleanAddress,
  CUSTOMER_FORM_MESSAGES,
  customerDetailsSchema,
  displayMobile,
  type CustomerDetails,
  type CustomerDetailsInput,
  type CustomerField,
  type CustomerFormConfig,
} from '@hotline/shared';
import type { SupportedLocale } from '../lib/rules';
import { StepActions } from './StepActions';

/** The form's own values: every field as typed. */
export interface CustomerFormValues {
  firstName: string;
  lastName: string;
  ssn: string;
  email: string;
  mobileNumber: string;
  verifyMobileNumber: string;
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
  dateOfBirth: string;
  location: string;
  isMailingAllowed: boolean;
  termsAccepted: boolean;
}

type TextField = Exclude<keyof CustomerFormValues, 'isMailingAllowed' | 'termsAccepted'>;

interface FieldSpec {
  name: TextField;
  /** Which configured field decides whether it shows (verify-mobile goes with mobile). */
  flag: CustomerField;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  ltr?: boolean;
  wide?: boolean;
}

const FIELDS: FieldSpec[] = [
  { name: 'firstName', flag: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', flag: 'lastName', autoComplete: 'family-name' },
  { name: 'email', flag: 'email', autoComplete: 'email', type: 'email', inputMode: 'email', ltr: true, wide: true },
  {
    name: 'mobileNumber',
    flag: 'mobileNumber',
    autoComplete: 'tel-national',
    type: 'tel',
    inputMode: 'tel',
    ltr: true,
  },
  { name: 'verifyMobileNumber', flag: 'mobileNumber', autoComplete: 'off', type: 'tel', inputMode: 'tel', ltr: true },
  { name: 'ssn', flag: 'ssn', autoComplete: 'off', inputMode: 'numeric', ltr: true },
  { name: 'dateOfBirth', flag: 'dateOfBirth', autoComplete: 'bday', type: 'date', ltr: true },
  { name: 'address1', flag: 'address1', autoComplete: 'address-line1', wide: true },
  { name: 'address2', flag: 'address2', autoComplete: 'address-line2', wide: true },
  { name: 'city', flag: 'city', autoComplete: 'address-level2' },
  { name: 'postalCode', flag: 'postalCode', autoComplete: 'postal-code', inputMode: 'numeric', ltr: true },
  { name: 'location', flag: 'location', autoComplete: 'off' },
];

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Stored details back into the form; a stored +972 mobile is shown with 0 (spec section 5). */
export function formValuesOf(info: CustomerDetailsInput | null, config: CustomerFormConfig): CustomerFormValues {
  const mobile = text(info?.mobileNumber);
  const verify = text(info?.verifyMobileNumber) || mobile;
  return {
    firstName: text(info?.firstName),
    lastName: text(info?.lastName),
    ssn: text(info?.ssn),
    email: text(info?.email),
    mobileNumber: mobile ? displayMobile(mobile) : '',
    verifyMobileNumber: verify ? displayMobile(verify) : '',
    address1: text(info?.address1),
    address2: text(info?.address2),
    city: text(info?.city),
    postalCode: text(info?.postalCode),
    dateOfBirth: text(info?.dateOfBirth),
    location: text(info?.location),
    isMailingAllowed:
      typeof info?.isMailingAllowed === 'boolean' ? info.isMailingAllowed : config.mailingConsentDefault,
    termsAccepted: info?.termsAccepted === true,
  };
}

export interface CustomerFormProps {
  config: CustomerFormConfig;
  locale: SupportedLocale;
  initial: CustomerDetailsInput | null;
  busy?: boolean;
  submitLabel: string;
  onSubmit: (details: CustomerDetails) => void;
  onBack?: () => void;
}

/**
 * Customer details (spec section 5; memberships spec section 5): react-hook-form
 * validated by the shared zod schema, the same one the server checks the commit
 * with, so messages match. Fields follow the deployment's isIncluded/isRequired
 * flags. Accessible: every input has a label, aria-invalid and aria-describedby
 * on its error; a failed submit shows an error summary that takes focus and
 * links to each field.
 */
export function CustomerForm({ config, locale, initial, busy, submitLabel, onSubmit, onBack }: CustomerFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => customerDetailsSchema(config, locale), [config, locale]);
  const form = useForm<CustomerFormValues, unknown, CustomerDetails>({
    resolver: zodResolver(schema) as unknown as Resolver<CustomerFormValues, unknown, CustomerDetails>,
    mode: 'onTouched',
    // The error summary takes focus instead (it links to each field).
    shouldFocusError: false,
    defaultValues: formValuesOf(initial, config),
  });
  const { register, handleSubmit, formState, setValue, trigger } = form;
  const errors = formState.errors;
  const summaryRef = useRef<HTMLDivElement>(null);
  const [showSummary, setShowSummary] = useState(false);
  const [summaryFocus, setSummaryFocus] = useState(0);

  // Messages are in the page's language: re-validate what is shown when it changes.
  useEffect(() => {
    if (formState.submitCount > 0) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  // Focus the summary once it is on screen (the errors may arrive a render after the submit).
  const focusedFor = useRef(0);
  useEffect(() => {
    if (summaryFocus > focusedFor.current && summaryRef.current) {
      focusedFor.current = summaryFocus;
      summaryRef.current.focus();
    }
  });

  const shown = FIELDS.filter((f) => config.fields[f.flag].isIncluded);
  const errorList = [...shown.map((f) => f.name), 'termsAccepted' as const]
    .map((name) => ({ name, message: (errors as FieldErrors<CustomerFormValues>)[name]?.message }))
    .filter(
      (e): e is { name: TextField | 'termsAccepted'; message: string } =>
        typeof e.message === 'string' && e.message !== '',
    );

  const onInvalid = () => {
    setShowSummary(true);
    setSummaryFocus((n) => n + 1);
  };

  const fieldId = (name: string) => `customer-${name}`;
  const errorId = (name: string) => `customer-${name}-error`;

  return (
    <form className="customer-form" onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate aria-busy={busy}>
      {showSummary && errorList.length > 0 && (
        <div
          className="error-summary"
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="customer-error-summary-title"
        >
          <h2 id="customer-error-summary-title" className="error-summary__title">
            {CUSTOMER_FORM_MESSAGES[locale].form}
          </h2>
          <ul className="error-summary__list">
            {errorList.map((e) => (
              <li key={e.name}>
                <a
                  href={`#${fieldId(e.name)}`}
                  onClick={(ev) => {
                    ev.preventDefault();
                    document.getElementById(fieldId(e.name))?.focus();
                  }}
                >
                  {t(`checkout.fields.${e.name}`)}: {e.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <p className="form-hint">{t('checkout.requiredHint')}</p>

      <div className="field-grid">
        {shown.map((f) => {
          const required = config.fields[f.flag].isRequired || f.name === 'verifyMobileNumber';
          const error = errors[f.name]?.message;
          const hintKey =
            f.name === 'mobileNumber' || f.name === 'verifyMobileNumber'
              ? 'checkout.hints.mobile'
              : f.name === 'ssn'
                ? 'checkout.hints.ssn'
                : null;
          const describedBy =
            [error ? errorId(f.name) : null, hintKey ? `${fieldId(f.name)}-hint` : null].filter(Boolean).join(' ') ||
            undefined;
          const registration = register(f.name, {
            onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
              const value = e.target.value;
              if ((f.name === 'mobileNumber' || f.name === 'verifyMobileNumber') && value.trim().startsWith('+972')) {
                setValue(f.name, displayMobile(value), { shouldValidate: true });
              }
              if ((f.name === 'address1' || f.name === 'address2') && value.includes('#')) {
                setValue(f.name, cleanAddress(value), { shouldValidate: true });
              }
            },
          });
          return (
            <div key={f.name} className={`field${f.wide ? ' field--wide' : ''}${error ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={fieldId(f.name)}>
                {t(`checkout.fields.${f.name}`)}
                {required ? (
                  <span className="field__required" aria-hidden="true">
                    {' '}
                    *
                  </span>
                ) : (
                  <span className="field__optional"> {t('checkout.optional')}</span>
                )}
              </label>
              <input
                id={fieldId(f.name)}
                className="input"
                type={f.type ?? 'text'}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                dir={f.ltr ? 'ltr' : undefined}
                aria-required={required || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                {...registration}
              />
              {hintKey && (
                <p className="field__hint" id={`${fieldId(f.name)}-hint`}>
                  {t(hintKey)}
                </p>
              )}
              {error && (
                <p className="field__error" id={errorId(f.name)}>
                  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                    <circle cx="8" cy="8" r="7" fill="currentColor" />
                    <path d="M8 4.2v4.6M8 11.2v.1" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
                  </svg>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>

      <div className="consents">
        <div className="check">
          <input
            id={fieldId('isMailingAllowed')}
            type="checkbox"
            className="check__input"
            {...register('isMailingAllowed')}
          />
          <label htmlFor={fieldId('isMailingAllowed')} className="check__label">
            {t('checkout.mailing')}
          </label>
        </div>
        {config.termsRequired && (
          <div className={`check${errors.termsAccepted ? ' check--invalid' : ''}`}>
            <input
              id={fieldId('termsAccepted')}
              type="checkbox"
              className="check__input"
              aria-required="true"
              aria-invalid={errors.termsAccepted ? true : undefined}
              aria-describedby={errors.termsAccepted ? errorId('termsAccepted') : undefined}
              {...register('termsAccepted')}
            />
            <label htmlFor={fieldId('termsAccepted')} className="check__label">
              <Trans
                i18nKey="checkout.terms"
                components={{
                  terms: <PolicyLink to="/booking/terms" />,
                  policy: <PolicyLink to="/booking/cancellation-policy" />,
                }}
              />
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            {errors.termsAccepted?.message && (
              <p className="field__error" id={errorId('termsAccepted')}>
                {errors.termsAccepted.message}
              </p>
            )}
          </div>
        )}
      </div>

      <StepActions onBack={onBack} continueLabel={submitLabel} submit busy={busy} />
    </form>
  );
}

/**
 * A policy page linked from the terms box: a new tab, so the form being filled in is not lost, and said so to
 * screen readers. <Trans> puts the translated words inside.
 */
function PolicyLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <a className="text-link" href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t('checkout.opensNewTab')}</span>
    </a>
  );
}
