import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  estimatedWaitSeconds,
  queuePlace,
  queueProgress,
  waitCountdownSeconds,
  type QueueProgressMessage,
  type QueueStatusResponse,
} from '@hotline/shared';
import { storedVisitorId } from '../api/identity';
import { useLocale } from '../hooks/useLocale';
import { joinQueue, queueStatus, storeTicket, storedTicket } from './queue-api';
import { fallbackPollDue, POLL_MS, silentFeedAllowanceMs } from './fallback-poll';
import { MonotoneCountdown } from './monotone-countdown';
import { QueueFeed } from './queue-feed';
import './i18n';
import './queue.css';

/** The polite live region speaks at most this often (a screen reader user is not read every second). */
const ANNOUNCE_MS = 30_000;
/** A spoken place leaves the live region after this long: read by then, and soon out of date. */
const SPOKEN_PLACE_MS = 8_000;

type View =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'line'; status: QueueStatusResponse } | { kind: 'admitted' };

function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The standing, joining first when this browser has no place yet (the harder bot check runs here). */
async function standing(presentationId: number): Promise<QueueStatusResponse> {
  const status = await queueStatus(presentationId, storedTicket(presentationId)).catch((error: unknown) => {
    // A ticket the server refuses (another browser's, expired) is forgotten; the visitor joins afresh.
    storeTicket(presentationId, null);
    throw error;
  });
  return status.state === 'outside' ? joinQueue(presentationId) : status;
}

/**
 * /queue/:presentationId — the on-sale waiting room (docs/waiting-room.md). Joins on
 * arrival (a harder bot check, solved in workers), then follows one progress broadcast a second and
 * moves on to the seat map by itself when admitted. Place, people ahead, estimated wait, progress,
 * the sale-start countdown; a polite live region that speaks on a change of state and otherwise at
 * most every 30 seconds, not every second.
 */
export default function WaitingRoomPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { presentationId: raw } = useParams();
  const presentationId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [removed, setRemoved] = useState(0);
  const [lineLength, setLineLength] = useState(0);
  const [removedAtJoin, setRemovedAtJoin] = useState<number | null>(null);
  // When `removed` last grew (the place fell): the turn countdown runs from there.
  const [placeSince, setPlaceSince] = useState({ removed: -1, at: 0 });
  const advance = useCallback((next: number) => {
    setRemoved((r) => Math.max(r, next));
    setPlaceSince((since) => (next > since.removed ? { removed: next, at: Date.now() } : since));
  }, []);
  const [now, setNow] = useState(() => Date.now());
  const [skew, setSkew] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const ticketNoRef = useRef<number | null>(null);
  // The admission rate as last heard (a status answer or a progress message: the organiser may change it while
  // the page waits, and the page no longer polls while its feed speaks).
  const [rate, setRate] = useState<number | null>(null);
  // How long the last two progress messages were apart: 1 s near the head, every few seconds further back
  // (docs/waiting-room.md, "Live updates"); the countdown runs down across that gap.
  const [updateGapMs, setUpdateGapMs] = useState(1000);
  const [turnDisplay] = useState(() => new MonotoneCountdown());
  const lastSpoken = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const seatMap = presentationId === null ? '/booking' : `/order/${presentationId}`;

  const number = useCallback((n: number) => n.toLocaleString(locale), [locale]);
  const waitTextFor = useCallback(
    (place: number | null, rate: number) => {
      const seconds = estimatedWaitSeconds(place, rate);
      if (seconds === null) return '—';
      if (seconds < 60) return t('queue.waitUnderMinute');
      return t('queue.waitMinutes', { minutes: number(Math.ceil(seconds / 60)) });
    },
    [number, t],
  );
  /**
   * The live region: at once when `force` (a change of state), else at most every ANNOUNCE_MS. A place spoken is
   * taken out of the region once read (SPOKEN_PLACE_MS): left there, it lagged the big number by up to half a
   * minute for anyone reading the page later ("Your place in line: 41" under 35).
   */
  const forget = useRef<ReturnType<typeof setTimeout> | null>(null);
  const speak = useCallback((text: string, force: boolean, place = false) => {
    if (!force && Date.now() - lastSpoken.current < ANNOUNCE_MS) return;
    lastSpoken.current = Date.now();
    setAnnouncement(text);
    if (forget.current) clearTimeout(forget.current);
    forget.current = place ? setTimeout(() => setAnnouncement(''), SPOKEN_PLACE_MS) : null;
  }, []);
  useEffect(
    () => () => {
      if (forget.current) clearTimeout(forget.current);
    },
    [],
  );

  const apply = useCallback(
    (status: QueueStatusResponse) => {
      if (presentationId === null) return;
      setSkew(status.serverTime - Date.now());
      setRate(status.admitPerMinute);
      if (status.ticket) storeTicket(presentationId, status.ticket);
      if (status.state === 'no-queue' || status.state === 'admitted') {
        setView({ kind: 'admitted' });
        speak(`${t('queue.admittedTitle')} ${t('queue.admittedBody')}`, true);
        navigate(seatMap, { replace: true });
        return;
      }
      const known = ticketNoRef.current !== null;
      ticketNoRef.current = status.ticketNo;
      advance(status.removed);
      setLineLength(status.lineLength);
      if (status.ticketNo !== null) setRemovedAtJoin((r) => r ?? status.removed);
      setView({ kind: 'line', status });
      if (status.state === 'pre-queue')
        speak(
          t('queue.livePreQueue', { countdown: formatCountdown(Date.parse(status.saleStartsAt) - status.serverTime) }),
          true,
        );
      else {
        const place = queuePlace(status.ticketNo, status.removed);
        if (place !== null)
          speak(
            t('queue.live', { place: number(place), wait: waitTextFor(place, status.admitPerMinute) }),
            !known,
            true,
          );
      }
    },
    [advance, navigate, number, presentationId, seatMap, speak, t, waitTextFor],
  );
  const fail = useCallback(() => {
    setView({ kind: 'failed' });
    speak(t('queue.failed'), true);
  }, [speak, t]);

  const reload = useCallback(() => {
    if (presentationId !== null) standing(presentationId).then(apply, fail);
  }, [apply, fail, presentationId]);

  useEffect(() => {
    headingRef.current?.focus();
    reload();
  }, [reload]);

  const status = view.kind === 'line' ? view.status : null;
  const ticket = status?.ticket ?? null;
  // Every status answer carries a renewed ticket; the feed reads the newest from this ref, so only gaining or losing
  // a ticket restarts it (it used to reconnect the socket after every poll).
  const ticketRef = useRef<string | null>(null);
  useEffect(() => {
    ticketRef.current = ticket;
  }, [ticket]);
  const hasTicket = ticket !== null;
  /**
   * When the live feed last spoke (a progress message, or the subscription sent): the fallback poll stays quiet
   * while it speaks within `silenceAllowed`, which grows with the place (a page far back hears every few seconds
   * up to every 30 s, fallback-poll.ts). `lastMessageAt` times the gap between two messages.
   */
  const lastHeardAt = useRef<number | null>(null);
  const lastMessageAt = useRef<number | null>(null);
  const silenceAllowed = useRef(POLL_MS);
  /** The place and rate as last rendered, for the feed's callbacks (they outlive a render). */
  const shown = useRef<{ place: number | null; rate: number }>({ place: null, rate: 0 });
  const ticketNo = status?.ticketNo ?? null;
  const saleStartsAt = status ? Date.parse(status.saleStartsAt) : 0;

  // The live feed: one broadcast a second for everyone; our place follows from `removed`.
  useEffect(() => {
    const visitorId = storedVisitorId();
    if (presentationId === null || !hasTicket || !visitorId) return;
    const currentTicket = () => ticketRef.current ?? '';
    const feed = new QueueFeed(
      presentationId,
      visitorId,
      currentTicket,
      locale,
      (m: QueueProgressMessage) => {
        const heardAt = Date.now();
        if (lastMessageAt.current !== null) setUpdateGapMs(heardAt - lastMessageAt.current);
        lastMessageAt.current = heardAt;
        lastHeardAt.current = heardAt;
        setRate(m.admitPerMinute);
        setSkew(m.serverTime - Date.now());
        advance(m.removed);
        setLineLength(m.lineLength);
        const place = queuePlace(ticketNoRef.current, m.removed);
        silenceAllowed.current = silentFeedAllowanceMs(place, m.admitPerMinute);
        if (place !== null)
          speak(t('queue.live', { place: number(place), wait: waitTextFor(place, m.admitPerMinute) }), false, true);
      },
      () => {
        // Subscribed: a page far back may hear its first message only after its band's gap, not within 15 s.
        lastHeardAt.current = Date.now();
        silenceAllowed.current = silentFeedAllowanceMs(shown.current.place, shown.current.rate);
      },
    );
    feed.connect();
    lastHeardAt.current = null;
    lastMessageAt.current = null;
    const poll = setInterval(() => {
      if (fallbackPollDue(lastHeardAt.current, Date.now(), silenceAllowed.current)) reload();
    }, POLL_MS);
    return () => {
      feed.close();
      clearInterval(poll);
    };
  }, [advance, presentationId, hasTicket, locale, reload, speak, t, number, waitTextFor]);

  // Our turn came (we passed the head), or the sale opened and our drawn number is to be fetched.
  const open = status !== null && now + skew >= saleStartsAt;
  const passedHead = ticketNo !== null && removed > ticketNo;
  const needsNumber = status?.state === 'pre-queue' && open;
  useEffect(() => {
    if (passedHead || needsNumber) reload();
  }, [passedHead, needsNumber, reload]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const place = queuePlace(ticketNo, removed);
  const admitPerMinute = rate ?? status?.admitPerMinute ?? 0;
  const waitText = waitTextFor(place, admitPerMinute);
  useEffect(() => {
    shown.current = { place, rate: admitPerMinute };
  }, [place, admitPerMinute]);
  const placesPerUpdate = (admitPerMinute / 60) * (updateGapMs / 1000);
  const turnIn = turnDisplay.next(
    waitCountdownSeconds(place, admitPerMinute, now - placeSince.at, placesPerUpdate),
    `${admitPerMinute}:${ticketNo}`,
  );
  const countdown = formatCountdown(saleStartsAt - (now + skew));
  const fraction = queueProgress(ticketNo, removedAtJoin ?? removed, removed);

  return (
    <section className="container waiting-room" aria-labelledby="waiting-room-title" data-testid="waiting-room">
      <h1 id="waiting-room-title" tabIndex={-1} ref={headingRef}>
        {t('queue.title')}
      </h1>
      <p aria-live="polite" role="status" className="visually-hidden" data-testid="queue-announcement">
        {announcement}
      </p>

      {view.kind === 'loading' ? (
        <p className="waiting-room__busy" data-testid="queue-joining">
          {t('queue.joining')}
        </p>
      ) : null}

      {view.kind === 'failed' ? (
        <div className="notice" role="alert">
          <p>{t('queue.failed')}</p>
          <button type="button" className="button button--primary" onClick={reload}>
            {t('queue.retry')}
          </button>
        </div>
      ) : null}

      {view.kind === 'admitted' ? (
        <div className="waiting-room__admitted" data-testid="queue-admitted">
          <h2>{t('queue.admittedTitle')}</h2>
          <p>{t('queue.admittedBody')}</p>
          <Link className="button button--primary" to={seatMap}>
            {t('queue.goToSeatMap')}
          </Link>
        </div>
      ) : null}

      {status ? (
        <>
          <p className="waiting-room__intro">{t('queue.intro')}</p>
          {status.demoLine ? (
            <p className="notice waiting-room__demo" data-testid="queue-demo-line">
              {t('queue.demoLine')}
            </p>
          ) : null}
          {status.state === 'pre-queue' ? (
            <div className="waiting-room__card" data-testid="queue-pre-queue">
              <h2>{open ? t('queue.drawing') : t('queue.preQueueTitle')}</h2>
              <p>{t('queue.preQueueBody')}</p>
              <dl className="waiting-room__stats">
                <div>
                  <dt>{t('queue.countdown')}</dt>
                  <dd>
                    <time dateTime={status.saleStartsAt} data-testid="queue-countdown" dir="ltr">
                      {countdown}
                    </time>
                  </dd>
                </div>
                <div>
                  <dt>{t('queue.opensAt')}</dt>
                  <dd>
                    {new Date(saleStartsAt).toLocaleString(locale, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      timeZone: 'Asia/Jerusalem',
                    })}
                  </dd>
                </div>
              </dl>
            </div>
          ) : (
            <div className="waiting-room__card">
              <dl className="waiting-room__stats">
                <div className="waiting-room__place">
                  <dt>{t('queue.place')}</dt>
                  <dd data-testid="queue-place">{place === null ? '—' : number(place)}</dd>
                </div>
                <div>
                  <dt>{t('queue.ahead')}</dt>
                  <dd data-testid="queue-ahead">{place === null ? '—' : number(Math.max(0, place - 1))}</dd>
                </div>
                <div>
                  <dt>{t('queue.wait')}</dt>
                  <dd data-testid="queue-wait">{waitText}</dd>
                </div>
                <div>
                  <dt>{t('queue.turnIn')}</dt>
                  <dd>
                    <span data-testid="queue-turn-countdown" dir="ltr">
                      {turnIn === null ? '—' : formatCountdown(turnIn * 1000)}
                    </span>
                  </dd>
                </div>
              </dl>
              <label className="waiting-room__progress-label" htmlFor="queue-progress">
                {t('queue.progress')}
              </label>
              <progress id="queue-progress" max={100} value={Math.round(fraction * 100)}>
                {Math.round(fraction * 100)}%
              </progress>
            </div>
          )}
          <p className="waiting-room__meta">
            {t('queue.rate', { rate: number(admitPerMinute) })} · {number(lineLength)}
          </p>
          <p className="waiting-room__meta">{t('queue.keepOpen')}</p>
        </>
      ) : null}
    </section>
  );
}
