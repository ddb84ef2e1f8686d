import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPresentation, AdminSeatPlace, ApiSection } from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { DateEditorForm } from './DateEditorForm';
import { eventsApi } from './events-api';
import { Field, K, wholeNumber } from './event-ui';
import { asInstant, asLocal } from './israel-time-input';

const S = `${K}.setAside`;
const keyOf = (p: AdminSeatPlace) => `${p.sectionId}:${p.x}:${p.y}`;
/** A section's name in the reader's language (the plan's English where it has no Russian or Arabic). */
const sectionName = (s: ApiSection, locale: string) =>
  locale === 'he'
    ? s.SectionName
    : locale === 'ru'
      ? s.SectionNameRu || s.SectionNameEn
      : locale === 'ar'
        ? s.SectionNameAr || s.SectionNameEn
        : s.SectionNameEn;

/**
 * "Seats set aside" for one date (draft or on sale): the named seats one allocation keeps for the mini-sites and the
 * live domain until a release instant in Israel time (empty: until released here). The public does not see, lock or
 * buy them before it; the server decides and refuses a seat already sold or another allocation's, naming them. The
 * seats are chosen a row at a time with checkboxes (a section, a row, its seats), from the keyboard; the allocation
 * field takes the focus when it opens.
 */
export function SetAsideForm({
  presentation,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onSave: (allocationId: number, releaseAt: string | null, seats: AdminSeatPlace[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sections, setSections] = useState<ApiSection[] | null | 'failed'>(null);
  const [existing, setExisting] = useState<Awaited<ReturnType<typeof eventsApi.setAsideSeats>>['seats']>([]);
  const [allocation, setAllocation] = useState(String(presentation.setAside[0]?.allocationId ?? 1));
  const [release, setRelease] = useState(asLocal(presentation.setAside[0]?.releaseAt ?? null));
  /** The seats chosen per allocation once changed here; until then an allocation's are the ones it keeps. */
  const [picked, setPicked] = useState<Record<number, Set<string>>>({});
  const [sectionId, setSectionId] = useState<number | null>(null);
  const [rowName, setRowName] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const id = (field: string) => `bo-aside-${presentation.id}-${field}`;

  useEffect(() => firstRef.current?.focus(), []);
  useEffect(() => {
    let live = true;
    Promise.all([
      eventsApi.seatPlan(presentation.venueId, presentation.seatPlanId),
      eventsApi.setAsideSeats(presentation.id),
    ])
      .then(([plan, aside]) => {
        if (!live) return;
        const reserved = plan.seatplan.sections.filter((s) => s.IsReserved);
        setSections(reserved);
        setSectionId(reserved[0]?.VenueSectionId ?? null);
        setRowName(reserved[0]?.groups[0]?.rows[0]?.RowName ?? null);
        setExisting(aside.seats);
      })
      .catch(() => live && setSections('failed'));
    return () => {
      live = false;
    };
  }, [presentation.id, presentation.venueId, presentation.seatPlanId]);

  // The chosen seats start as the allocation's own, and follow the allocation typed in.
  const allocationId = wholeNumber(allocation, 1, 2_147_483_647);
  const chosen =
    (allocationId !== null ? picked[allocationId] : undefined) ??
    new Set(existing.filter((s) => s.allocationId === allocationId).map(keyOf));

  const section = Array.isArray(sections) ? sections.find((s) => s.VenueSectionId === sectionId) : undefined;
  const rows = useMemo(() => section?.groups.flatMap((g) => g.rows) ?? [], [section]);
  const row = rows.find((r) => r.RowName === rowName) ?? rows[0];
  const otherAllocation = new Set(existing.filter((s) => s.allocationId !== allocationId).map(keyOf));

  const toggle = (key: string, on: boolean) => {
    if (allocationId === null) return;
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    setPicked((p) => ({ ...p, [allocationId]: next }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const releaseAt = asInstant(release);
    const found: Record<string, string> = {};
    if (allocationId === null) found[id('allocation')] = t(`${S}.allocationRange`);
    if (releaseAt === undefined) found[id('release')] = t(`${S}.notAMoment`);
    setErrors(found);
    const first = [id('allocation'), id('release')].find((f) => found[f]);
    if (first || allocationId === null || releaseAt === undefined) {
      if (first) document.getElementById(first)?.focus();
      return;
    }
    const seats = [...chosen].map((k) => {
      const [s, x, y] = k.split(':').map(Number);
      return { sectionId: s!, x: x!, y: y! };
    });
    await onSave(allocationId, releaseAt, seats);
  };

  return (
    <DateEditorForm
      name="bo-aside"
      presentationId={presentation.id}
      title={t(`${S}.title`, { date: when })}
      hint={t(`${S}.hint`)}
      saveLabel={t(`${S}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <div className="bo-event-fields">
        <Field
          id={id('allocation')}
          label={t(`${S}.allocation`)}
          hint={t(`${S}.allocationHint`)}
          error={errors[id('allocation')]}
        >
          {(aria) => (
            <input
              id={id('allocation')}
              ref={firstRef}
              type="number"
              inputMode="numeric"
              min={1}
              value={allocation}
              onChange={(e) => setAllocation(e.target.value)}
              {...aria}
            />
          )}
        </Field>
        <Field id={id('release')} label={t(`${S}.release`)} hint={t(`${S}.releaseHint`)} error={errors[id('release')]}>
          {(aria) => (
            <input
              id={id('release')}
              type="datetime-local"
              value={release}
              onChange={(e) => setRelease(e.target.value)}
              {...aria}
            />
          )}
        </Field>
      </div>
      {sections === null && <p role="status">{t(`${S}.loading`)}</p>}
      {sections === 'failed' && <p role="alert">{t(`${S}.failed`)}</p>}
      {Array.isArray(sections) && sections.length === 0 && <p>{t(`${S}.noSeats`)}</p>}
      {section && (
        <div className="bo-event-fields">
          <Field id={id('section')} label={t(`${S}.section`)}>
            {(aria) => (
              <select
                id={id('section')}
                value={section.VenueSectionId}
                onChange={(e) => {
                  const next = (sections as ApiSection[]).find((s) => s.VenueSectionId === Number(e.target.value));
                  setSectionId(next?.VenueSectionId ?? null);
                  setRowName(next?.groups[0]?.rows[0]?.RowName ?? null);
                }}
                {...aria}
              >
                {(sections as ApiSection[]).map((s) => (
                  <option key={s.VenueSectionId} value={s.VenueSectionId}>
                    {sectionName(s, locale)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={id('row')} label={t(`${S}.row`)}>
            {(aria) => (
              <select id={id('row')} value={row?.RowName ?? ''} onChange={(e) => setRowName(e.target.value)} {...aria}>
                {rows.map((r) => (
                  <option key={r.RowName} value={r.RowName}>
                    {r.RowName}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}
      {row && (
        <fieldset className="bo-aside-seats" data-testid={`bo-aside-${presentation.id}-seats`}>
          <legend>{t(`${S}.seatsOfRow`, { row: row.RowName })}</legend>
          {row.seats.map((seat) => {
            const key = keyOf({ sectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate });
            const taken = otherAllocation.has(key);
            return (
              <label key={key} className="bo-aside-seat">
                <input
                  type="checkbox"
                  checked={chosen.has(key)}
                  disabled={taken}
                  onChange={(e) => toggle(key, e.target.checked)}
                />
                {t(`${S}.seat`, { seat: seat.SeatName })}
                {taken && <span className="bo-hint"> {t(`${S}.otherAllocation`)}</span>}
              </label>
            );
          })}
        </fieldset>
      )}
      <p role="status" data-testid={`bo-aside-${presentation.id}-count`}>
        {t(`${S}.chosen`, { seats: chosen.size })}
      </p>
    </DateEditorForm>
  );
}
