import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BACK_OFFICE_PERMISSION,
  doorTone,
  type CheckinManifest,
  type DoorPresentation,
  type RedeemResponse,
  type StaffMe,
} from '@hotline/shared';
import { ApiError, NETWORK_ERROR } from '../api/client';
import { backOfficeApi } from '../backoffice/backoffice-api';
import { doorsApi } from '../backoffice/doors/doors-api';
import { SignInForm } from '../backoffice/SignInForm';
import '../backoffice/i18n';
import '../backoffice/backoffice.css';
import { CameraScanner } from './CameraScanner';
import './i18n';
import { decideOffline } from './offline-door';
import { moveFromLocalStorage, scanStore } from './scan-db';
import { manifestOf, redeem, uploadScans } from './scan-api';
import { useOfflineShell } from './offline-shell/use-offline-shell';
import { useLocale } from '../hooks/useLocale';
import { useOnline } from '../hooks/useOnline';
import { showChoices } from './show-choices';
import './scan.css';

interface Station {
  presentationId: number;
  gate: string;
  /** The show as it was chosen from the list (name, day and time), for the door's heading; absent when typed by number. */
  label?: string;
}

const STATION_KEY = 'hotline.scan.station';
const DEVICE_KEY = 'hotline.scan.device';
/**
 * That the last staff member signed in on this device may scan (their id, nothing else): the page opened without the
 * network (from the service worker) cannot ask the server who is signed in, and opens the door for them. The server
 * still checks the session and the permission when the queued scans are uploaded.
 */
const DOOR_STAFF_KEY = 'hotline.scan.door-staff';

/**
 * The server's clock minus this device's, as of the last manifest download: offline, the rotating code and the doors'
 * opening are judged by the device's clock corrected by it (a phone's clock may be minutes off).
 */
const CLOCK_OFFSET_KEY = 'hotline.scan.clock-offset';

function serverNow(): Date {
  return new Date(Date.now() + (Number(localStorage.getItem(CLOCK_OFFSET_KEY)) || 0));
}

function rememberDoorStaff(staff: StaffMe | null) {
  if (staff?.permissions.includes(BACK_OFFICE_PERMISSION.door))
    localStorage.setItem(DOOR_STAFF_KEY, String(staff.userId));
  else localStorage.removeItem(DOOR_STAFF_KEY);
}

function savedStation(): Station | null {
  try {
    const s = JSON.parse(localStorage.getItem(STATION_KEY) ?? 'null') as Station | null;
    if (!s || !Number.isInteger(s.presentationId) || typeof s.gate !== 'string') return null;
    return {
      presentationId: s.presentationId,
      gate: s.gate,
      ...(typeof s.label === 'string' ? { label: s.label } : {}),
    };
  } catch {
    return null;
  }
}

/** This phone's name at the door (the server limits scans per device): made once, kept. */
function deviceName(): string {
  let name = localStorage.getItem(DEVICE_KEY);
  if (!name) {
    name = `device-${crypto.randomUUID().slice(0, 8)}`;
    localStorage.setItem(DEVICE_KEY, name);
  }
  return name;
}

/** The browser's web app manifest for this page only: installed, it opens straight to the scanner. */
function useScannerManifest() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/scan.webmanifest';
    document.head.appendChild(link);
    return () => link.remove();
  }, []);
}

/**
 * The door scanner (/scan, docs/door-checkin.md): staff with the door permission (293) choose the show and the
 * gate, then scan with the camera or type a ticket number; the answer fills the screen in green, amber or red.
 */
export default function ScanPage() {
  const { t } = useTranslation();
  useScannerManifest();
  const shell = useOfflineShell();
  const online = useOnline();
  // 'remembered': no network to ask; the last staff member of this device could scan.
  const [staff, setStaff] = useState<StaffMe | null | 'loading' | 'remembered'>('loading');
  const [station, setStation] = useState<Station | null>(savedStation);

  useEffect(() => {
    backOfficeApi.me().then(
      (r) => {
        rememberDoorStaff(r.staff);
        setStaff(r.staff);
      },
      (error: unknown) =>
        setStaff(
          error instanceof ApiError && error.code === NETWORK_ERROR && localStorage.getItem(DOOR_STAFF_KEY)
            ? 'remembered'
            : null,
        ),
    );
  }, []);
  const mayScan =
    staff === 'remembered' ||
    (staff !== null && staff !== 'loading' && staff.permissions.includes(BACK_OFFICE_PERMISSION.door));

  return (
    <div className="scan-page">
      <h1 id="scan-title">{t('scan.title')}</h1>
      {shell.updateReady ? (
        <p className="scan-note scan-update" role="status">
          {t('scan.update.ready')}{' '}
          <button type="button" className="scan-link" onClick={shell.applyUpdate}>
            {t('scan.update.apply')}
          </button>
        </p>
      ) : null}
      {staff === 'remembered' ? (
        <p className="scan-note" data-opened-offline="">
          {t('scan.offline.opened')}
        </p>
      ) : null}
      {/* The site's offline banner is not shown here (its words are for the storefront, and at the foot of a phone
          it covered the check button): the scanner says what no network means for the door, at the top. */}
      {online || staff === 'remembered' ? null : (
        <p className="scan-note" role="status" data-offline-now="">
          {t('scan.offline.now')}
        </p>
      )}
      {staff === 'loading' ? null : staff === null ? (
        <>
          <p>{t('scan.intro')}</p>
          <SignInForm
            onSignedIn={(signedIn) => {
              rememberDoorStaff(signedIn);
              setStaff(signedIn);
            }}
          />
        </>
      ) : !mayScan ? (
        <p className="scan-note" role="alert">
          {t('scan.noPermission')}
        </p>
      ) : station ? (
        <Door station={station} onChange={() => setStation(null)} />
      ) : (
        <StationForm
          onDone={(s) => {
            localStorage.setItem(STATION_KEY, JSON.stringify(s));
            setStation(s);
          }}
        />
      )}
    </div>
  );
}

/** The shows the door may choose from: loading, read (maybe empty), or not readable (no network: type the number). */
type ShowList = 'loading' | 'failed' | DoorPresentation[];

function StationForm({ onDone }: { onDone: (s: Station) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [saved] = useState(savedStation);
  const [shows, setShows] = useState<ShowList>('loading');
  const [presentation, setPresentation] = useState(saved ? String(saved.presentationId) : '');
  const [gate, setGate] = useState(saved?.gate ?? '');
  const { choices, chosen } =
    typeof shows === 'string'
      ? { choices: [], chosen: null }
      : showChoices(shows, locale, saved?.presentationId ?? null, new Date(), (id) =>
          t('scan.setup.saved', { presentation: id }),
        );

  useEffect(() => {
    let current = true;
    doorsApi.presentations().then(
      (r) => {
        if (!current) return;
        setShows(r.presentations);
        // What is chosen first does not depend on the language the names are read in.
        const first = showChoices(r.presentations, 'he', saved?.presentationId ?? null, new Date(), String).chosen;
        setPresentation((typed) => typed || (first === null ? '' : String(first)));
      },
      () => current && setShows('failed'),
    );
    return () => {
      current = false;
    };
  }, [saved]);

  // Typed by number only when there is nothing to choose from (the list did not load, or it is empty).
  const typing = shows === 'failed' || (shows !== 'loading' && choices.length === 0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(presentation);
    // A listed show is named by its list entry; the device's saved show, no longer listed, keeps the name it had.
    const listed = typeof shows !== 'string' && shows.some((p) => p.presentationId === id);
    const label = typing
      ? undefined
      : listed
        ? choices.find((c) => c.presentationId === id)?.label
        : saved?.presentationId === id
          ? saved.label
          : undefined;
    onDone({ presentationId: id, gate: gate.trim(), ...(label ? { label } : {}) });
  };
  return (
    <form className="scan-card" onSubmit={submit} aria-labelledby="scan-station-title">
      <h2 id="scan-station-title">{t('scan.setup.title')}</h2>
      {typing ? (
        <>
          <p className="scan-note" id="scan-presentation-why" data-show-list={shows === 'failed' ? 'failed' : 'empty'}>
            {t(shows === 'failed' ? 'scan.setup.listFailed' : 'scan.setup.listEmpty')}
          </p>
          <label htmlFor="scan-presentation">{t('scan.setup.presentation')}</label>
          <input
            id="scan-presentation"
            inputMode="numeric"
            pattern="[0-9]{1,10}"
            dir="ltr"
            required
            aria-describedby="scan-presentation-why"
            value={presentation}
            onChange={(e) => setPresentation(e.target.value)}
          />
        </>
      ) : (
        <>
          <label htmlFor="scan-presentation">{t('scan.setup.show')}</label>
          <select
            id="scan-presentation"
            required
            disabled={shows === 'loading'}
            aria-busy={shows === 'loading'}
            value={presentation}
            onChange={(e) => setPresentation(e.target.value)}
          >
            {shows === 'loading' ? (
              <option value={presentation}>{t('scan.setup.loading')}</option>
            ) : (
              <>
                {chosen === null ? <option value="">{t('scan.setup.choose')}</option> : null}
                {choices.map((c) => (
                  <option key={c.presentationId} value={String(c.presentationId)}>
                    {c.label}
                  </option>
                ))}
              </>
            )}
          </select>
        </>
      )}
      <label htmlFor="scan-gate">{t('scan.setup.gate')}</label>
      <input id="scan-gate" maxLength={64} required value={gate} onChange={(e) => setGate(e.target.value)} />
      <button type="submit" className="scan-button" disabled={shows === 'loading'}>
        {t('scan.setup.start')}
      </button>
    </form>
  );
}

function Door({ station, onChange }: { station: Station; onChange: () => void }) {
  const { t } = useTranslation();
  const id = station.presentationId;
  const [device] = useState(deviceName);
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<RedeemResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [manifest, setManifest] = useState<CheckinManifest | null>(null);
  const [queued, setQueued] = useState(0);
  const [offline, setOffline] = useState(false);

  /** Sends the scans made without the network; what the server took leaves the queue. */
  const flush = useCallback(async () => {
    const store = await scanStore();
    const sending = await store.loadQueue(id);
    if (sending.length === 0) return;
    try {
      await uploadScans(id, device, sending);
      await store.dequeue(sending.map((sent) => sent.nonce));
      setQueued((await store.loadQueue(id)).length);
    } catch {
      // Still no network (or refused): the queue waits for the next chance.
    }
  }, [id, device]);

  useEffect(() => {
    let current = true;
    void (async () => {
      const store = await scanStore();
      await moveFromLocalStorage(store, id, localStorage);
      const kept = await store.loadManifest(id);
      if (current && kept) setManifest((m) => m ?? kept);
      if (current) setQueued((await store.loadQueue(id)).length);
      try {
        const fresh = await manifestOf(id, device);
        localStorage.setItem(CLOCK_OFFSET_KEY, String(Date.parse(fresh.generatedAt) - Date.now()));
        if (current) setManifest(fresh);
        await store.saveManifest(fresh);
      } catch {
        // No network: the copy kept on the device (if any) decides.
      }
      // Then what an earlier offline spell left in the queue.
      await flush();
    })();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      current = false;
      window.removeEventListener('online', online);
    };
  }, [id, device, flush]);

  /** No network: the same rules on this device, the scan queued with what it answered. */
  const offlineCheck = useCallback(
    async (code: string, scan: { nonce: string; scannedAt: string }, known: CheckinManifest) => {
      const store = await scanStore();
      const admitted = await store.loadAdmitted(id);
      const a = await decideOffline(known, admitted, code, serverNow());
      if (a.outcome === 'admitted' && a.ticketIdentifier) await store.addAdmitted(id, a.ticketIdentifier);
      await store.enqueue(id, { code, gate: station.gate, direction: 'in', deviceOutcome: a.outcome, ...scan });
      setQueued((await store.loadQueue(id)).length);
      setOffline(true);
      setAnswer({
        ...a,
        tone: doorTone(a.outcome),
        message: t(`scan.outcome.${a.outcome}`),
        admittedAt: null,
        gate: null,
        doorsOpenAt: null,
        replayed: false,
      });
    },
    [id, station.gate, t],
  );

  const check = useCallback(
    async (code: string) => {
      if (!code.trim()) return;
      setBusy(true);
      setFailure(null);
      const scan = { nonce: crypto.randomUUID(), scannedAt: new Date().toISOString() };
      try {
        const r = await redeem({ code: code.trim(), ...station, device, ...scan });
        setAnswer(r);
        setOffline(false);
        navigator.vibrate?.(r.tone === 'green' ? 80 : [200, 100, 200]);
        void flush();
      } catch (error) {
        if (error instanceof ApiError && error.code === NETWORK_ERROR && manifest)
          await offlineCheck(code.trim(), scan, manifest);
        else {
          setAnswer(null);
          setFailure(
            error instanceof ApiError && error.status > 0 && error.status < 500 && error.message
              ? error.message
              : t('scan.failed'),
          );
        }
      } finally {
        setBusy(false);
      }
    },
    [station, device, manifest, flush, offlineCheck, t],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void check(typed).then(() => setTyped(''));
  };

  return (
    <>
      <p className="scan-station" data-offline-ready={manifest ? manifest.tickets.length : undefined}>
        {station.label
          ? t('scan.setup.currentNamed', { show: station.label, gate: station.gate })
          : t('scan.setup.current', { presentation: station.presentationId, gate: station.gate })}{' '}
        <button type="button" className="scan-link" onClick={onChange}>
          {t('scan.setup.change')}
        </button>
      </p>
      <div
        className={`scan-answer scan-answer-${failure ? 'red' : (answer?.tone ?? 'idle')}`}
        role="status"
        aria-live="assertive"
        data-outcome={failure ? 'failed' : (answer?.outcome ?? 'waiting')}
      >
        <p className="scan-answer-message">{failure ?? answer?.message ?? t('scan.result.waiting')}</p>
        {offline && answer ? <p>{t('scan.offline.checked')}</p> : null}
        {answer?.seat ? <p>{t('scan.result.seat', { row: answer.seat.rowName, seat: answer.seat.seatName })}</p> : null}
        {answer?.ticketIdentifier ? (
          // The line in the page's direction ("כרטיס" first in Hebrew), the number isolated left to right in it.
          <p>{t('scan.result.ticket', { ticket: `\u2066${answer.ticketIdentifier}\u2069` })}</p>
        ) : null}
      </div>
      {queued > 0 ? (
        <p className="scan-note" data-queued={queued}>
          {t('scan.offline.queued', { count: queued })}
        </p>
      ) : null}
      <CameraScanner onCode={(code) => void check(code)} />
      <form className="scan-card" onSubmit={submit}>
        <label htmlFor="scan-code">{t('scan.manual.label')}</label>
        <input
          id="scan-code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={200}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="scan-button" disabled={busy}>
          {t('scan.manual.submit')}
        </button>
      </form>
    </>
  );
}
