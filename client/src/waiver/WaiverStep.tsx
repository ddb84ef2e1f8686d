import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waiverAgeRefusals, type CartWaiver, type WaiverRequirementResponse } from '@hotline/shared';
import { api } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { SignaturePad } from './SignaturePad';
import './waiver.css';

type Requirement = NonNullable<WaiverRequirementResponse['waiver']>;

/** The waivers the cart's events need (GET /presentations/:id/waiver each); null while loading. */
export function useWaiverRequirements(presentationIds: readonly number[]): Requirement[] | null {
  const key = [...presentationIds].sort((a, b) => a - b).join(',');
  const [state, setState] = useState<{ key: string; list: Requirement[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const ids = key ? key.split(',').map(Number) : [];
    Promise.all(
      ids.map((id) =>
        api.get<WaiverRequirementResponse>(`/presentations/${id}/waiver`, {}, controller.signal).then((r) => r.waiver),
      ),
    )
      .then((list) => setState({ key, list: list.filter((w): w is Requirement => w !== null) }))
      // A failed check shows no waiver screen; the server still refuses a commit that needs one (WAIVER_REQUIRED).
      .catch(() => {
        if (!controller.signal.aborted) setState({ key, list: [] });
      });
    return () => controller.abort();
  }, [key]);
  return state?.key === key ? state.list : null;
}

interface SeatTicket {
  ticketId: number;
  ticketName: string;
}

interface Draft {
  signer: { name: string; dateOfBirth: string };
  children: { name: string; dateOfBirth: string }[];
  accepted: boolean;
  signature: string | null;
}

/** The complete waiver for the cart, or null while something is missing or wrong. */
function complete(draft: Draft, requirement: Requirement, seats: readonly SeatTicket[]): CartWaiver | null {
  const participants = [draft.signer, ...draft.children];
  if (!draft.accepted || !draft.signature || participants.length !== seats.length) return null;
  if (participants.some((p) => p.name.trim().length < 2 || !p.dateOfBirth)) return null;
  const bands = seats.map(
    (s) => requirement.tickets.find((b) => b.id === s.ticketId) ?? { minAge: null, maxAge: null },
  );
  if (waiverAgeRefusals(participants, bands, requirement.eventDate).length) return null;
  return {
    presentationId: requirement.presentationId,
    participants: participants.map((p) => ({ name: p.name.trim(), dateOfBirth: p.dateOfBirth })),
    signature: draft.signature,
    acceptedTerms: true,
  };
}

/**
 * The waiver screen before payment (memberships-backoffice-spec.md section 2): the
 * terms, the signer and each child added (name, date of birth), each participant
 * matched with a ticket of the event in seat order and checked against its age band
 * ("the voucher must fit the jumper's age", the shared rule the server runs too), and
 * a signature pad with "clear signature". Reports the finished waiver (or null).
 */
export function WaiverStep({
  requirement,
  seats,
  onChange,
}: {
  requirement: Requirement;
  seats: readonly SeatTicket[];
  onChange: (waiver: CartWaiver | null) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    signer: { name: '', dateOfBirth: '' },
    children: [],
    accepted: false,
    signature: null,
  });
  const update = (next: Draft) => {
    setDraft(next);
    onChange(complete(next, requirement, seats));
  };
  const participants = [draft.signer, ...draft.children];
  const bands = seats.map(
    (s) => requirement.tickets.find((b) => b.id === s.ticketId) ?? { minAge: null, maxAge: null },
  );
  const refusals = waiverAgeRefusals(
    participants.filter((p) => p.dateOfBirth),
    bands.filter((_, i) => participants[i]?.dateOfBirth),
    requirement.eventDate,
  );
  const refusalOf = (index: number) => {
    const withDates = participants
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => p.dateOfBirth)
      .map(({ i }) => i);
    return refusals.find((r) => withDates[r.index] === index);
  };
  const bandText = (i: number) => {
    const b = bands[i];
    if (!b || (b.minAge === null && b.maxAge === null)) return t('waiver.anyAge');
    if (b.maxAge === null) return t('waiver.ageFrom', { min: b.minAge });
    if (b.minAge === null || b.minAge === 0) return t('waiver.ageUpTo', { max: b.maxAge });
    return t('waiver.ageRange', { min: b.minAge, max: b.maxAge });
  };
  const field = (
    i: number,
    p: { name: string; dateOfBirth: string },
    set: (p: { name: string; dateOfBirth: string }) => void,
    remove?: () => void,
  ) => {
    const refusal = refusalOf(i);
    const errorId = `${id}-p${i}-error`;
    return (
      <div className="waiver__participant" data-testid="waiver-participant">
        <p className="waiver__ticket">
          {t('waiver.ticketFor', { ticket: seats[i]?.ticketName ?? '—', band: bandText(i) })}
        </p>
        <div className="waiver__fields">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-p${i}-name`}>
              {i === 0 ? t('waiver.signerName') : t('waiver.childName', { n: i })}
            </label>
            <input
              id={`${id}-p${i}-name`}
              className="input"
              autoComplete={i === 0 ? 'name' : 'off'}
              value={p.name}
              onChange={(e) => set({ ...p, name: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-p${i}-dob`}>
              {t('waiver.dateOfBirth')}
            </label>
            <input
              id={`${id}-p${i}-dob`}
              className="input"
              type="date"
              value={p.dateOfBirth}
              onChange={(e) => set({ ...p, dateOfBirth: e.target.value })}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? errorId : undefined}
            />
          </div>
        </div>
        {refusal && (
          <p className="field__error" id={errorId} role="alert">
            {refusal.code === 'WAIVER_BIRTH_DATE_INVALID'
              ? t('waiver.badDate')
              : p.name.trim().length >= 2
                ? t('waiver.ageMismatchNamed', { name: p.name.trim(), age: refusal.age, band: bandText(i) })
                : t('waiver.ageMismatch', { age: refusal.age, band: bandText(i) })}
          </p>
        )}
        {remove && (
          <button type="button" className="button button--secondary waiver__remove" onClick={remove}>
            {p.name.trim().length >= 2
              ? t('waiver.removeChildNamed', { name: p.name.trim() })
              : t('waiver.removeChild', { n: i })}
          </button>
        )}
      </div>
    );
  };

  return (
    <section className="booking-card waiver" aria-labelledby={`${id}-title`} data-testid="waiver">
      <h2 id={`${id}-title`} className="booking-card__title">
        {t('waiver.title')}
      </h2>
      <div className="waiver__terms" tabIndex={0} role="region" aria-label={t('waiver.termsLabel')}>
        <p lang={locale === 'he' ? 'he' : 'en'}>{locale === 'he' ? requirement.terms : requirement.termsEn}</p>
      </div>
      <p className="booking-card__sub">{t('waiver.participantsIntro', { count: seats.length })}</p>
      {field(0, draft.signer, (p) => update({ ...draft, signer: p }))}
      {draft.children.map((c, k) => (
        <div key={k}>
          {field(
            k + 1,
            c,
            (p) => update({ ...draft, children: draft.children.map((x, j) => (j === k ? p : x)) }),
            () => update({ ...draft, children: draft.children.filter((_, j) => j !== k) }),
          )}
        </div>
      ))}
      {participants.length < seats.length && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => update({ ...draft, children: [...draft.children, { name: '', dateOfBirth: '' }] })}
        >
          {t('waiver.addChild')}
        </button>
      )}
      <div className="check">
        <input
          id={`${id}-accept`}
          type="checkbox"
          checked={draft.accepted}
          onChange={(e) => update({ ...draft, accepted: e.target.checked })}
        />
        <label htmlFor={`${id}-accept`} className="check__label">
          {t('waiver.accept')}
        </label>
      </div>
      <p className="field__label" id={`${id}-sig`}>
        {t('waiver.signHere')}
      </p>
      <SignaturePad
        label={t('waiver.padLabel')}
        typedName={draft.signer.name}
        onChange={(png) => update({ ...draft, signature: png })}
      />
      <p className="waiver__status" role="status" data-testid="waiver-status">
        {complete(draft, requirement, seats) ? t('waiver.ready') : t('waiver.incomplete')}
      </p>
    </section>
  );
}
