import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAreaInfo } from '@hotline/shared';
import { customerApi } from './customer-api';

type FieldName = 'FirstName' | 'LastName' | 'EmailAddress1' | 'MobileNumber1' | 'Address1' | 'City' | 'DateOfBirth';

const FIELDS: { name: FieldName; type: string; autoComplete: string; ltr?: boolean }[] = [
  { name: 'FirstName', type: 'text', autoComplete: 'given-name' },
  { name: 'LastName', type: 'text', autoComplete: 'family-name' },
  { name: 'EmailAddress1', type: 'email', autoComplete: 'email', ltr: true },
  { name: 'MobileNumber1', type: 'tel', autoComplete: 'tel-national', ltr: true },
  { name: 'Address1', type: 'text', autoComplete: 'street-address' },
  { name: 'City', type: 'text', autoComplete: 'address-level2' },
  { name: 'DateOfBirth', type: 'date', autoComplete: 'bday', ltr: true },
];

/** Details edit: the spec's texts on success ('הפרטים שלך נשמרו בהצלחה.') and failure ('שגיאה בשמירת הפרטים.'). */
export function DetailsPanel({ info, onSaved }: { info: CustomerAreaInfo; onSaved: (info: CustomerAreaInfo) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<FieldName, string>>({
    FirstName: info.FirstName,
    LastName: info.LastName,
    EmailAddress1: info.EmailAddress1 ?? '',
    MobileNumber1: info.MobileNumber1,
    Address1: info.Address1 ?? '',
    City: info.City ?? '',
    DateOfBirth: info.DateOfBirth ?? '',
  });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const r = await customerApi.save(info.CustomerId, { ...values, DateOfBirth: values.DateOfBirth || null });
      setResult({ ok: true, text: t('customerArea.details.saved') });
      onSaved(r.customerAreaInfo);
    } catch {
      // Errors leave the saved state unchanged; the form keeps what was typed.
      setResult({ ok: false, text: t('customerArea.details.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ca-card ca-details" onSubmit={submit} noValidate>
      <h2 className="ca-section-title">{t('customerArea.details.title')}</h2>
      <div className="ca-grid">
        {FIELDS.map((f) => (
          <div className="ca-field" key={f.name}>
            <label htmlFor={`ca-${f.name}`}>{t(`customerArea.details.${f.name}`)}</label>
            <input
              id={`ca-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              dir={f.ltr ? 'ltr' : undefined}
              value={values[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          </div>
        ))}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('customerArea.details.save')}
      </button>
      {result && (
        <div className={`notice${result.ok ? '' : ' notice--error'}`} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
    </form>
  );
}
