import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BACK_OFFICE_PERMISSION,
  DOOR_ENTRY_BUCKET_MINUTES,
  JERUSALEM_TIME_ZONE,
  formatJerusalemDateTime,
  type DoorKeyInfo,
  type DoorPresentation,
  type DoorReport,
  type StaffMe,
} from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { pickText } from '../../lib/localized';
import { AdminMessages } from '../admin-ui/AdminMessages';
import { InlineConfirm } from '../admin-ui/InlineConfirm';
import { errorText } from '../admin-ui/error-text';
import { useAdminMessages } from '../admin-ui/use-admin-messages';
import { usePolled } from '../admin-ui/use-polled';
import { doorsApi } from './doors-api';
import './i18n';
import './doors.css';

const K = 'backOffice.doors';
/** The screen reads the doors again every 10 s while open (a few staff, a poll needs no socket state). */
const POLL_MS = 10_000;

/** The date the screen opens on: the first not over by more than four hours, else the last. */
function defaultDate(list: DoorPresentation[], now: number): number | null {
  const current = list.find((p) => new Date(p.dateTime).getTime() > now - 4 * 3_600_000);
  return (current ?? list.at(-1))?.presentationId ?? null;
}

/**
 * The doors of one date (permission 293, the staff member's businesses): entries so far against who may come, by
 * gate and over time, refused scans by reason, and offline conflicts to review. Administrators (292) also see the
 * signing keys and may rotate them.
 */
export function DoorsPanel({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [dates, setDates] = useState<DoorPresentation[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [datesFailed, setDatesFailed] = useState(false);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [keys, setKeys] = useState<DoorKeyInfo[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const messages = useAdminMessages();
  const admin = me.permissions.includes(BACK_OFFICE_PERMISSION.staff);
  const polled = usePolled(chosen, (id) => doorsApi.report(id), POLL_MS);
  // The last report read, shown only while its date is the one chosen (another date shows "loading" until read).
  const report: DoorReport | null = polled.value?.presentationId === chosen ? polled.value : null;
  const failed = datesFailed || polled.failed;

  useEffect(() => {
    doorsApi.presentations().then(
      (r) => {
        setDates(r.presentations);
        setChosen(defaultDate(r.presentations, Date.now()));
      },
      () => setDatesFailed(true),
    );
    if (admin)
      doorsApi.keys().then(
        (r) => setKeys(r.keys),
        () => setKeys([]),
      );
  }, [admin]);

  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: JERUSALEM_TIME_ZONE }).format(
      new Date(iso),
    );
  const when = (iso: string) => formatJerusalemDateTime(iso, locale);
  const dateLabel = (p: DoorPresentation) =>
    `${pickText(locale, p.featureName, p.featureNameEn ?? '', p.featureNameRu, p.featureNameAr)} · ${when(p.dateTime)}`;
  const reason = (outcome: string) => t(`${K}.reasons.${outcome}`);

  const markReviewed = async (scanId: number) => {
    setReviewing(scanId);
    messages.clear();
    try {
      await doorsApi.markReviewed(scanId);
      // Read again: the list shows who reviewed it, by the server's record.
      if (chosen !== null) polled.replace(await doorsApi.report(chosen));
      messages.setNotice(t(`${K}.conflicts.reviewedNotice`));
    } catch (e) {
      messages.setRefusal(errorText(e, t(`${K}.failed`)));
    } finally {
      setReviewing(null);
    }
  };

  const rotate = async () => {
    setBusy(true);
    messages.clear();
    try {
      setKeys((await doorsApi.rotateKey()).keys);
      setConfirming(false);
      messages.setNotice(t(`${K}.keys.rotatedNotice`));
      rotateButton.current?.focus();
    } catch (e) {
      messages.setRefusal(errorText(e, t(`${K}.failed`)));
    } finally {
      setBusy(false);
    }
  };

  const maxBucket = Math.max(1, ...(report?.overTime.map((b) => b.admitted) ?? [1]));
  const bucketEnd = (from: string) => new Date(new Date(from).getTime() + DOOR_ENTRY_BUCKET_MINUTES * 60_000);

  return (
    <section className="bo-card bo-doors" aria-labelledby="bo-doors-title" data-testid="bo-doors">
      <h2 id="bo-doors-title">{t(`${K}.title`)}</h2>
      <p className="bo-hint">{t(`${K}.intro`)}</p>
      <AdminMessages
        testId="bo-doors"
        notice={messages.notice}
        refusal={messages.refusal}
        refusalRef={messages.refusalRef}
      />
      {dates === null && !failed && <p role="status">{t(`${K}.loading`)}</p>}
      {dates !== null && dates.length === 0 && <p>{t(`${K}.noDates`)}</p>}
      {dates !== null && dates.length > 0 && (
        <div className="bo-field">
          <label htmlFor="bo-doors-date">{t(`${K}.date`)}</label>
          <select
            id="bo-doors-date"
            value={chosen ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
            data-testid="bo-doors-date"
          >
            {dates.map((p) => (
              <option key={p.presentationId} value={p.presentationId}>
                {dateLabel(p)}
              </option>
            ))}
          </select>
        </div>
      )}
      {failed && <p role="alert">{t(`${K}.failed`)}</p>}
      {chosen !== null && !report && !failed && <p role="status">{t(`${K}.loading`)}</p>}
      {report && (
        <>
          <p className="bo-hint">
            {t(`${K}.doorsOpen`, { time: when(report.doorsOpenAt) })} · {t(`${K}.refreshHint`)}
          </p>
          <div className="bo-cr-grid">
            <div className="bo-cr-tile" data-testid="bo-doors-admitted">
              <h3>{t(`${K}.admitted`)}</h3>
              <p className="bo-cr-number" aria-live="polite" aria-atomic="true">
                <span data-testid="bo-doors-admitted-value">{n(report.admitted)}</span>
                <span className="bo-doors-of">
                  {' / '}
                  {n(report.capacity)}
                </span>
              </p>
              <p className="bo-hint">
                {t(`${K}.ofCapacity`, { capacity: n(report.capacity), tickets: n(report.ticketsValid) })}
              </p>
            </div>
            <div className="bo-cr-tile">
              <h3>{t(`${K}.inside`)}</h3>
              <p className="bo-cr-number">{n(report.inside)}</p>
            </div>
            <div className="bo-cr-tile">
              <h3>{t(`${K}.refusedTotal`)}</h3>
              <p className="bo-cr-number">{n(report.refusalsByReason.reduce((s, r) => s + r.count, 0))}</p>
            </div>
          </div>

          <div className="bo-doors-tables">
            <div className="bo-table-wrap" role="region" aria-labelledby="bo-doors-gates-caption" tabIndex={0}>
              <table className="bo-table" data-testid="bo-doors-gates">
                <caption id="bo-doors-gates-caption">{t(`${K}.byGate`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.gate`)}</th>
                    <th scope="col">{t(`${K}.admitted`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.byGate.length === 0 && (
                    <tr>
                      <td colSpan={2}>{t(`${K}.noEntries`)}</td>
                    </tr>
                  )}
                  {report.byGate.map((g) => (
                    <tr key={g.gate}>
                      <th scope="row">
                        <bdi>{g.gate}</bdi>
                      </th>
                      <td>{n(g.admitted)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="bo-table-wrap" role="region" aria-labelledby="bo-doors-time-caption" tabIndex={0}>
              <table className="bo-table bo-doors-time" data-testid="bo-doors-over-time">
                <caption id="bo-doors-time-caption">
                  {t(`${K}.overTime`, { minutes: DOOR_ENTRY_BUCKET_MINUTES })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.period`)}</th>
                    <th scope="col">{t(`${K}.admitted`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.overTime.length === 0 && (
                    <tr>
                      <td colSpan={2}>{t(`${K}.noEntries`)}</td>
                    </tr>
                  )}
                  {report.overTime.map((b) => (
                    <tr key={b.from}>
                      <th scope="row">
                        {time(b.from)}–{time(bucketEnd(b.from).toISOString())}
                      </th>
                      <td>
                        <span className="bo-doors-bar-cell">
                          <span className="bo-doors-bar" style={{ inlineSize: `${(b.admitted / maxBucket) * 100}%` }} />
                          <span>{n(b.admitted)}</span>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="bo-table-wrap" role="region" aria-labelledby="bo-doors-reasons-caption" tabIndex={0}>
              <table className="bo-table" data-testid="bo-doors-reasons">
                <caption id="bo-doors-reasons-caption">{t(`${K}.refusalsByReason`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.reason`)}</th>
                    <th scope="col">{t(`${K}.count`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.refusalsByReason.length === 0 && (
                    <tr>
                      <td colSpan={2}>{t(`${K}.noRefusals`)}</td>
                    </tr>
                  )}
                  {report.refusalsByReason.map((r) => (
                    <tr key={r.outcome}>
                      <th scope="row">{reason(r.outcome)}</th>
                      <td>{n(r.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>

          <div className="bo-table-wrap" role="region" aria-labelledby="bo-doors-recent-caption" tabIndex={0}>
            <table className="bo-table" data-testid="bo-doors-recent">
              <caption id="bo-doors-recent-caption">{t(`${K}.recentRefusals`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(`${K}.scannedAt`)}</th>
                  <th scope="col">{t(`${K}.gate`)}</th>
                  <th scope="col">{t(`${K}.reason`)}</th>
                  <th scope="col">{t(`${K}.ticket`)}</th>
                </tr>
              </thead>
              <tbody>
                {report.recentRefusals.length === 0 && (
                  <tr>
                    <td colSpan={4}>{t(`${K}.noRefusals`)}</td>
                  </tr>
                )}
                {report.recentRefusals.map((s, i) => (
                  <tr key={`${s.scannedAt}-${i}`}>
                    <td>{time(s.scannedAt)}</td>
                    <td>
                      <bdi>{s.gate}</bdi>
                    </td>
                    <td>
                      {reason(s.outcome)}
                      {s.offline && <span className="bo-hint"> · {t(`${K}.offline`)}</span>}
                    </td>
                    <td>
                      <bdi translate="no">{s.ticketIdentifier ?? '—'}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h3>{t(`${K}.conflicts.title`)}</h3>
          <p className="bo-hint">{t(`${K}.conflicts.hint`)}</p>
          <div className="bo-table-wrap" role="region" aria-labelledby="bo-doors-conflicts-caption" tabIndex={0}>
            <table className="bo-table" data-testid="bo-doors-conflicts">
              <caption id="bo-doors-conflicts-caption" className="visually-hidden">
                {t(`${K}.conflicts.title`)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t(`${K}.ticket`)}</th>
                  <th scope="col">{t(`${K}.conflicts.offlineEntry`)}</th>
                  <th scope="col">{t(`${K}.conflicts.standingEntry`)}</th>
                  <th scope="col">{t(`${K}.conflicts.status`)}</th>
                </tr>
              </thead>
              <tbody>
                {report.conflicts.length === 0 && (
                  <tr>
                    <td colSpan={4}>{t(`${K}.conflicts.none`)}</td>
                  </tr>
                )}
                {report.conflicts.map((c) => (
                  <tr key={c.scanId} data-testid={`bo-doors-conflict-${c.scanId}`}>
                    <th scope="row">
                      <bdi translate="no">{c.ticketIdentifier ?? '—'}</bdi>
                    </th>
                    <td>
                      {t(`${K}.conflicts.at`, { gate: c.gate, device: c.device, time: time(c.scannedAt) })}
                      <br />
                      <span className="bo-hint">{reason(c.outcome)}</span>
                    </td>
                    <td>
                      {c.admittedAt && c.admittedGate
                        ? t(`${K}.conflicts.standing`, { gate: c.admittedGate, time: time(c.admittedAt) })
                        : '—'}
                    </td>
                    <td>
                      {c.reviewedAt ? (
                        t(`${K}.conflicts.reviewed`, { who: c.reviewedBy ?? '', time: when(c.reviewedAt) })
                      ) : (
                        <button
                          type="button"
                          className="button"
                          disabled={reviewing === c.scanId}
                          onClick={() => void markReviewed(c.scanId)}
                        >
                          {t(`${K}.conflicts.markReviewed`)}
                          <span className="visually-hidden">
                            {' '}
                            {c.ticketIdentifier ?? ''} {c.gate}
                          </span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {admin && (
        <section className="bo-doors-keys" aria-labelledby="bo-doors-keys-title" data-testid="bo-doors-keys">
          <h3 id="bo-doors-keys-title">{t(`${K}.keys.title`)}</h3>
          <p className="bo-hint">{t(`${K}.keys.hint`)}</p>
          {keys && keys.length > 0 && (
            <ul className="bo-doors-key-list">
              {keys.map((k) => (
                <li key={k.keyId} data-testid={`bo-doors-key-${k.keyId}`}>
                  {k.active
                    ? t(`${K}.keys.active`, { id: k.keyId, time: when(k.createdAt) })
                    : t(`${K}.keys.retired`, { id: k.keyId, time: when(k.verifiesUntil ?? k.createdAt) })}
                </li>
              ))}
            </ul>
          )}
          {!confirming && (
            <button
              type="button"
              className="button"
              ref={rotateButton}
              onClick={() => setConfirming(true)}
              data-testid="bo-doors-rotate"
            >
              {t(`${K}.keys.rotate`)}
            </button>
          )}
          {confirming && (
            <InlineConfirm
              id="bo-doors-rotate-confirm"
              classPrefix="bo-doors"
              title={t(`${K}.keys.confirmTitle`)}
              explain={t(`${K}.keys.confirmExplain`)}
              confirmLabel={t(`${K}.keys.confirm`)}
              keepLabel={t(`${K}.keys.keep`)}
              busy={busy}
              onConfirm={() => void rotate()}
              onClose={() => setConfirming(false)}
            />
          )}
        </section>
      )}
    </section>
  );
}
