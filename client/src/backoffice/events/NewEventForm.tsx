import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURE_CATEGORIES, type AdminFeatureInput, type FeatureCategoryId } from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { Field, K, focusFirst, wholeNumber } from './event-ui';

const LANGUAGES = ['he', 'en', 'ru', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
const DIRECTION: Record<Language, 'rtl' | 'ltr'> = { he: 'rtl', en: 'ltr', ru: 'ltr', ar: 'rtl' };
const CATEGORY_IDS = Object.keys(FEATURE_CATEGORIES).map(Number) as FeatureCategoryId[];
/** The API's limits (docs/catalogue-admin.md): a name up to 120 characters, a description up to 4,000. */
const NAME_MAX = 120;
const DESCRIPTION_MAX = 4000;
const DURATION = { min: 1, max: 1440 };
const AGE = { min: 0, max: 21 };

interface Form {
  businessId: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  categoryId: string;
  duration: string;
  ageLimit: string;
}

const blank = (businessId: number | undefined): Form => ({
  businessId: String(businessId ?? ''),
  name: { he: '', en: '', ru: '', ar: '' },
  description: { he: '', en: '', ru: '', ar: '' },
  categoryId: String(CATEGORY_IDS[0]),
  duration: '',
  ageLimit: '',
});

const id = (field: string) => `bo-event-${field}`;
/** The fields in the order they are shown, so the first one with an error is the one focused. */
const ORDER = [...LANGUAGES.map((l) => id(`name-${l}`)), id('duration'), id('ageLimit')];

/**
 * The form for a new event: its name in four languages (Hebrew and English required), a description in each, the
 * category, the duration and an optional age limit. `onCreate` answers whether the server took it (its refusal is
 * shown by the panel).
 */
export function NewEventForm({
  businessIds,
  busy,
  onCreate,
}: {
  businessIds: readonly number[];
  busy: boolean;
  onCreate: (input: AdminFeatureInput) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form, setForm] = useState<Form>(() => blank(businessIds[0]));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const l of ['he', 'en'] as const) if (!form.name[l].trim()) found[id(`name-${l}`)] = t(`${K}.required`);
    const duration = wholeNumber(form.duration, DURATION.min, DURATION.max);
    if (duration === null) found[id('duration')] = t(`${K}.wholeNumber`, DURATION);
    const ageLimit = form.ageLimit.trim() ? wholeNumber(form.ageLimit, AGE.min, AGE.max) : null;
    if (form.ageLimit.trim() && ageLimit === null) found[id('ageLimit')] = t(`${K}.wholeNumber`, AGE);
    setErrors(found);
    if (Object.keys(found).length || duration === null) {
      focusFirst(ORDER, found);
      return;
    }
    const created = await onCreate({
      businessId: Number(form.businessId),
      name: { he: form.name.he.trim(), en: form.name.en.trim(), ru: form.name.ru.trim(), ar: form.name.ar.trim() },
      description: {
        he: form.description.he.trim(),
        en: form.description.en.trim(),
        ru: form.description.ru.trim(),
        ar: form.description.ar.trim(),
      },
      categoryId: Number(form.categoryId) as FeatureCategoryId,
      durationMinutes: duration,
      ageLimit,
    });
    if (created) setForm(blank(businessIds[0]));
  };

  return (
    <section className="bo-card" aria-labelledby="bo-event-new-title">
      <h3 id="bo-event-new-title">{t(`${K}.newEvent`)}</h3>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <div className="bo-event-fields">
          {businessIds.length > 1 && (
            <Field id={id('businessId')} label={t(`${K}.business`)}>
              {() => (
                <select
                  id={id('businessId')}
                  value={form.businessId}
                  onChange={(e) => setForm((f) => ({ ...f, businessId: e.target.value }))}
                >
                  {businessIds.map((b) => (
                    <option key={b} value={b}>
                      {t(`${K}.businessOption`, { id: b })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          {LANGUAGES.map((l) => (
            <Field key={l} id={id(`name-${l}`)} label={t(`${K}.name.${l}`)} error={errors[id(`name-${l}`)]}>
              {(aria) => (
                <input
                  id={id(`name-${l}`)}
                  lang={l}
                  dir={DIRECTION[l]}
                  maxLength={NAME_MAX}
                  required={l === 'he' || l === 'en'}
                  value={form.name[l]}
                  onChange={(e) => setForm((f) => ({ ...f, name: { ...f.name, [l]: e.target.value } }))}
                  {...aria}
                />
              )}
            </Field>
          ))}
          <Field id={id('category')} label={t(`${K}.category`)}>
            {() => (
              <select
                id={id('category')}
                value={form.categoryId}
                onChange={(e) => setForm((f) => ({ ...f, categoryId: e.target.value }))}
              >
                {CATEGORY_IDS.map((c) => (
                  <option key={c} value={c}>
                    {FEATURE_CATEGORIES[c][locale]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={id('duration')}
            label={t(`${K}.duration`)}
            hint={t(`${K}.durationHint`)}
            error={errors[id('duration')]}
          >
            {(aria) => (
              <input
                id={id('duration')}
                type="number"
                inputMode="numeric"
                min={DURATION.min}
                max={DURATION.max}
                step={1}
                required
                value={form.duration}
                onChange={(e) => setForm((f) => ({ ...f, duration: e.target.value }))}
                {...aria}
              />
            )}
          </Field>
          <Field
            id={id('ageLimit')}
            label={t(`${K}.ageLimit`)}
            hint={t(`${K}.ageLimitHint`)}
            error={errors[id('ageLimit')]}
          >
            {(aria) => (
              <input
                id={id('ageLimit')}
                type="number"
                inputMode="numeric"
                min={AGE.min}
                max={AGE.max}
                step={1}
                value={form.ageLimit}
                onChange={(e) => setForm((f) => ({ ...f, ageLimit: e.target.value }))}
                {...aria}
              />
            )}
          </Field>
        </div>
        <div className="bo-event-descriptions">
          {LANGUAGES.map((l) => (
            <Field key={l} id={id(`description-${l}`)} label={t(`${K}.description.${l}`)}>
              {(aria) => (
                <textarea
                  id={id(`description-${l}`)}
                  lang={l}
                  dir={DIRECTION[l]}
                  rows={3}
                  maxLength={DESCRIPTION_MAX}
                  value={form.description[l]}
                  onChange={(e) => setForm((f) => ({ ...f, description: { ...f.description, [l]: e.target.value } }))}
                  {...aria}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="bo-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t(`${K}.create`)}
          </button>
        </div>
      </form>
    </section>
  );
}
