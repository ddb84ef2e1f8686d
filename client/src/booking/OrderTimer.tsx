import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { createLatestRequest } from '../api/latest';
import { useCartStore } from './cart-store';
import { getTimer } from './api';
import { presentationIdsOf } from './cart-logic';
import { flushCartSave, releaseSeats } from './cart-sync';
import { holdExpiredPath } from '../system/hold-expired-path';

/** Spec section 9: the timer ticks every second; after 5 minutes without input it re-reads the server's clock. */
export const ORDER_TIMER_TICK_MS = 1_000;
export const ORDER_IDLE_MS = 300_000;
/** Also re-read the server every minute: a background tab's timers drift. */
const RESYNC_MS = 60_000;
/** How long releasing the seats may hold up the redirect at zero. */
const RELEASE_WAIT_MS = 3_000;

export interface OrderTimerProps {
  /** The presentation whose holds to count down; without it, the earliest hold of the whole cart. */
  presentationId?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (seconds: number) => `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;

/**
 * The order timer (spec section 4): counts down each second from this visitor's
 * earliest seat-lock expiry (GET /api/presentations/timer/:id). At zero the
 * seats are released and the visitor lands on the hold-expired page. Hidden while the
 * cart holds no seats. Re-synchronised with the server when seats change, when
 * the tab becomes visible again, after idle time, and every minute.
 */
export function OrderTimer({ presentationId }: OrderTimerProps) {
  const { t } = useTranslation();
  const ids = useCartStore(
    useShallow((s) => {
      const all = presentationIdsOf(s.seats);
      return presentationId === undefined ? all : all.filter((id) => id === presentationId);
    }),
  );
  const seatCount = useCartStore(
    (s) => s.seats.filter((x) => presentationId === undefined || x.prsntId === presentationId).length,
  );
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [expired, setExpired] = useState(false);
  // Once the countdown reached zero the seats are being released: no re-sync may bring it back.
  const expiredRef = useRef(false);
  const navigate = useNavigate();
  const latest = useRef(createLatestRequest());
  const idsKey = ids.join(',');

  const sync = useCallback(async () => {
    if (expiredRef.current) return;
    const list = idsKey ? idsKey.split(',').map(Number) : [];
    if (list.length === 0) {
      latest.current.cancel();
      setDeadline(null);
      return;
    }
    try {
      const result = await latest.current.run((signal) => Promise.all(list.map((id) => getTimer(id, signal))));
      if (result.stale || expiredRef.current) return;
      let least: number | null = null;
      result.value.forEach((res, i) => {
        const entry = res.timer[String(list[i])];
        if (entry && (least === null || entry.timeInSeconds < least)) least = entry.timeInSeconds;
      });
      if (least === null) return;
      const seconds: number = least;
      setNow(Date.now());
      setDeadline(Date.now() + Math.max(0, seconds) * 1000);
    } catch {
      /* keep counting from what we had */
    }
  }, [idsKey]);

  useEffect(() => {
    void sync();
  }, [sync, seatCount]);

  useEffect(() => () => latest.current.cancel(), []);

  // Tick every second while counting.
  useEffect(() => {
    if (deadline === null) return;
    const handle = setInterval(() => setNow(Date.now()), ORDER_TIMER_TICK_MS);
    return () => clearInterval(handle);
  }, [deadline]);

  // Idle, visibility and a periodic re-sync.
  useEffect(() => {
    if (!idsKey) return;
    let lastActivity = Date.now();
    const onActivity = () => {
      const wasIdle = Date.now() - lastActivity >= ORDER_IDLE_MS;
      lastActivity = Date.now();
      if (wasIdle) void sync();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void sync();
    };
    const events = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    const periodic = setInterval(() => void sync(), RESYNC_MS);
    return () => {
      for (const e of events) window.removeEventListener(e, onActivity);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(periodic);
    };
  }, [idsKey, sync]);

  const remaining = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));

  // Zero: release the seats, then say so on the hold-expired page (not the timer's URL: a silent jump to the catalogue).
  useEffect(() => {
    if (remaining !== 0 || seatCount === 0 || expiredRef.current) return;
    expiredRef.current = true;
    latest.current.cancel();
    setExpired(true);
    const state = useCartStore.getState();
    const seats = state.seats.filter((s) => presentationId === undefined || s.prsntId === presentationId);
    void (async () => {
      await Promise.race([releaseSeats(seats), new Promise((resolve) => setTimeout(resolve, RELEASE_WAIT_MS))]);
      for (const seat of seats) useCartStore.getState().removeSeat(seat);
      await Promise.race([flushCartSave(), new Promise((resolve) => setTimeout(resolve, RELEASE_WAIT_MS))]);
      navigate(holdExpiredPath(presentationId ?? seats[0]?.prsntId), { replace: true });
    })();
  }, [remaining, seatCount, presentationId, navigate]);

  if (remaining === null || (seatCount === 0 && !expired)) return null;
  const urgent = remaining <= 60;
  const minutes = Math.floor(remaining / 60);
  const seconds = remaining % 60;
  return (
    <div className={`order-timer${urgent ? ' order-timer--urgent' : ''}`} data-testid="order-timer">
      <svg
        className="order-timer__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 9v4l2.5 2.5M9 2h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="order-timer__label">{expired ? t('orderTimer.expired') : t('orderTimer.label')}</span>
      <span
        className="order-timer__time"
        role="timer"
        dir="ltr"
        aria-label={t('orderTimer.aria', { minutes, seconds })}
      >
        {clock(remaining)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {expired ? t('orderTimer.expired') : remaining <= 60 && remaining > 55 ? t('orderTimer.oneMinute') : ''}
      </span>
    </div>
  );
}
