import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOLD_HOLDERS, HOLD_POLICY_BOUNDS, type AdminPresentation, type HoldPolicy } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { Field, focusFirst, K, wholeNumber } from './event-ui';

const H = `${K}.holdPolicy`;
const RELEASE = HOLD_POLICY_BOUNDS.releaseMinutesBeforeStart;
const LIFE = HOLD_POLICY_BOUNDS.maxHoldMinutes;

/**
 * "Hold orders" for one date (draft or on sale): whether it takes holds, who may place one (members, any signed-in
 * customer, only the box office: radio buttons, one tab stop, arrows between them), how many minutes before the
 * start an unpaid hold is released, and at most how long a hold lives (empty: until then). Holds placed from now
 * on follow it; the server refuses the rest. The first field takes the focus when it opens.
 */
export function HoldPolicyForm({
  presentation,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onSave: (policy: HoldPolicy) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = presentation.holdPolicy;
  const [allowed, setAllowed] = useState(current.allowed);
  const [holders, setHolders] = useState(current.holders);
  const [release, setRelease] = useState(String(current.releaseMinutesBeforeStart));
  const [life, setLife] = useState(current.maxHoldMinutes === null ? '' : String(current.maxHoldMinutes));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const id = (field: string) => `bo-holds-${presentation.id}-${field}`;

  useEffect(() => firstRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const releaseMinutes = wholeNumber(release, RELEASE.min, RELEASE.max);
    const lifeMinutes = life.trim() === '' ? null : wholeNumber(life, LIFE.min, LIFE.max);
    const found: Record<string, string> = {};
    if (releaseMinutes === null) found[id('release')] = t(`${H}.releaseRange`, RELEASE);
    if (life.trim() !== '' && lifeMinutes === null) found[id('life')] = t(`${H}.lifeRange`, LIFE);
    setErrors(found);
    if (releaseMinutes === null || Object.keys(found).length) {
      focusFirst([id('release'), id('life')], found);
      return;
    }
    await onSave({ allowed, holders, releaseMinutesBeforeStart: releaseMinutes, maxHoldMinutes: lifeMinutes });
  };

  return (
    <DateEditorForm
      name="bo-holds"
      presentationId={presentation.id}
      title={t(`${H}.title`, { date: when })}
      hint={t(`${H}.hint`)}
      saveLabel={t(`${H}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <div className="bo-event-check">
        <input
          id={id('allowed')}
          ref={firstRef}
          type="checkbox"
          checked={allowed}
          onChange={(e) => setAllowed(e.target.checked)}
        />
        <label htmlFor={id('allowed')}>{t(`${H}.allowed`)}</label>
      </div>
      <fieldset className="bo-event-coupon-channels" disabled={!allowed}>
        <legend>{t(`${H}.holders`)}</legend>
        {HOLD_HOLDERS.map((h) => (
          <div key={h} className="bo-event-check">
            <input
              id={id(`holders-${h}`)}
              type="radio"
              name={id('holders')}
              value={h}
              checked={holders === h}
              onChange={() => setHolders(h)}
            />
            <label htmlFor={id(`holders-${h}`)}>{t(`${H}.holder.${h}`)}</label>
          </div>
        ))}
      </fieldset>
      <div className="bo-event-fields">
        <Field id={id('release')} label={t(`${H}.release`)} hint={t(`${H}.releaseHint`)} error={errors[id('release')]}>
          {(aria) => (
            <input
              id={id('release')}
              type="number"
              inputMode="numeric"
              min={RELEASE.min}
              max={RELEASE.max}
              value={release}
              onChange={(e) => setRelease(e.target.value)}
              {...aria}
            />
          )}
        </Field>
        <Field id={id('life')} label={t(`${H}.life`)} hint={t(`${H}.lifeHint`)} error={errors[id('life')]}>
          {(aria) => (
            <input
              id={id('life')}
              type="number"
              inputMode="numeric"
              min={LIFE.min}
              max={LIFE.max}
              value={life}
              onChange={(e) => setLife(e.target.value)}
              {...aria}
            />
          )}
        </Field>
      </div>
    </DateEditorForm>
  );
}
