import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_HOLD_POLICY,
  FEATURE_CATEGORIES,
  type HoldPolicy,
  type CouponChannel,
  type VideoOnDemandKind,
  type AdminFeature,
  type AdminFeatureInput,
  type AdminMissingPlace,
  type AdminMemberPrices,
  type AdminDateSettings,
  type AdminPresentation,
  type AdminPriceChange,
  type AdminTicketInput,
  type AdminPresentationSeriesInput,
  type AdminSeatPlanSummary,
  type AdminSeatPlace,
  type AdminVenue,
  type AdminZone,
  type ReadinessProblem,
} from '@hotline/shared';
import { ApiError } from '../../api/client';
import { useLocale } from '../../hooks/useLocale';
import { formatJerusalemDateTime, formatShekels } from '../../lib/rules';
import { AdminMessages } from '../admin-ui/AdminMessages';
import { errorText } from '../admin-ui/error-text';
import { useAdminMessages } from '../admin-ui/use-admin-messages';
import { AddDatesForm } from './AddDatesForm';
import { CouponForm, type CouponSave } from './CouponForm';
import { MemberPriceForm } from './MemberPriceForm';
import { TicketForm } from './TicketForm';
import { DateSettingsForm } from './DateSettingsForm';
import { HoldPolicyForm } from './HoldPolicyForm';
import { ChannelAllocationsForm } from './ChannelAllocationsForm';
import { SetAsideForm } from './SetAsideForm';
import { SaleWindowForm } from './SaleWindowForm';
import { WatchingForm } from './WatchingForm';
import { SeatPlanVersionForm } from './SeatPlanVersionForm';
import { RotatingCodeForm } from './RotatingCodeForm';
import { CancelDateConfirm, CancellationProgress, MoveDateForm, cancellationRunning } from './DateActions';
import { PriceChangeForm } from './PriceChangeForm';
import { K, Named, Swatch, nameIn } from './event-ui';
import { eventsApi } from './events-api';
import { NewEventForm } from './NewEventForm';
import { FeatureImageForm } from './FeatureImageForm';
import { ProductsPanel } from './ProductsPanel';
import './i18n';
import '../admin-ui/admin-ui.css';
import './events.css';

/** A refusal: the server's sentence in the reader's language, and what stops a date from being published. */
interface Refusal {
  message: string;
  problems: ReadinessProblem[];
  /** The seat plan whose zones the problems name. */
  planId?: number;
  /** The places a seat-plan version lacks (SEAT_PLAN_SEATS_MISSING), each in the reader's words. */
  missing?: string[];
}

/** The chosen event's dates read so far (a page at a time, in start order) and the cursor of the next page. */
type Dates = { featureId: number; list: AdminPresentation[] | 'failed'; next?: string | null };

/** The one date whose inline form is open: "Change date and time" or "Cancel this date". */
type Editing = {
  id: number;
  kind:
    | 'move'
    | 'prices'
    | 'members'
    | 'tickets'
    | 'coupons'
    | 'settings'
    | 'window'
    | 'holds'
    | 'allocations'
    | 'aside'
    | 'watching'
    | 'seatPlan'
    | 'rotating'
    | 'cancel';
};

/** How often the dates are read again while a cancelled date's orders are being cancelled and refunded. */
const PROGRESS_POLL_MS = 3_000;

/** The ids the focus goes back to when a date's inline form closes. */
const moveButtonId = (id: number) => `bo-date-${id}-move`;
const pricesButtonId = (id: number) => `bo-date-${id}-prices`;
const cancelButtonId = (id: number) => `bo-date-${id}-cancel`;
const couponsButtonId = (id: number) => `bo-date-${id}-coupons`;
const membersButtonId = (id: number) => `bo-date-${id}-members`;
const ticketsButtonId = (id: number) => `bo-date-${id}-tickets`;
const settingsButtonId = (id: number) => `bo-date-${id}-settings`;
const windowButtonId = (id: number) => `bo-date-${id}-window`;
const holdsButtonId = (id: number) => `bo-date-${id}-holds`;
const allocationsButtonId = (id: number) => `bo-date-${id}-allocations`;
const asideButtonId = (id: number) => `bo-date-${id}-aside`;
const watchingButtonId = (id: number) => `bo-date-${id}-watching`;
const rotatingButtonId = (id: number) => `bo-date-${id}-rotating`;
const seatPlanButtonId = (id: number) => `bo-date-${id}-seat-plan`;
/** The button that opens each kind of a date's inline form: the focus goes back to it when the form closes. */
const openerId: Record<Editing['kind'], (id: number) => string> = {
  move: moveButtonId,
  prices: pricesButtonId,
  coupons: couponsButtonId,
  members: membersButtonId,
  tickets: ticketsButtonId,
  settings: settingsButtonId,
  window: windowButtonId,
  holds: holdsButtonId,
  allocations: allocationsButtonId,
  aside: asideButtonId,
  watching: watchingButtonId,
  seatPlan: seatPlanButtonId,
  rotating: rotatingButtonId,
  cancel: cancelButtonId,
};
const rowHeaderId = (id: number) => `bo-date-${id}-when`;

const missingPlaces = (e: unknown): string[] | undefined => {
  const listed = e instanceof ApiError && e.code === 'SEAT_PLAN_SEATS_MISSING' ? e.body?.missing : undefined;
  return Array.isArray(listed) ? (listed as AdminMissingPlace[]).map((m) => m.label) : undefined;
};

const notReadyProblems = (e: unknown): ReadinessProblem[] => {
  const listed = e instanceof ApiError && e.code === 'PRESENTATION_NOT_READY' ? e.body?.problems : undefined;
  return Array.isArray(listed) ? (listed as ReadinessProblem[]) : [];
};

/**
 * Events and their dates (permission 291, docs/catalogue-admin.md): the staff member's events with whether buyers
 * see them, a form for a new event named in four languages, and for the chosen event its dates (drafts and
 * published, with their prices) with "Publish" on each draft and a form to add one date or a series on a published
 * seat plan, priced per zone. A date not cancelled can be moved to another time (its buyers are sent the new one) or
 * cancelled (off sale at once; a server job cancels, refunds and tells every order, and its progress is shown and
 * read again every few seconds until it is done). The server checks everything again and answers in the reader's
 * language.
 */
export function EventsPanel({ businessIds }: { businessIds: readonly number[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [features, setFeatures] = useState<AdminFeature[] | null | 'failed'>(null);
  const [venues, setVenues] = useState<AdminVenue[] | null | 'failed'>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dates, setDates] = useState<Dates | null>(null);
  const [zonesByPlan, setZonesByPlan] = useState<Record<number, AdminZone[]>>({});
  const { notice, setNotice, refusal, setRefusal, refusalRef, clear } = useAdminMessages<Refusal>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const datesHeadingRef = useRef<HTMLHeadingElement>(null);
  const zoneRequests = useRef(new Map<number, Promise<AdminZone[]>>());
  /** An element to focus once the next render is on screen (an inline form closed, a date cancelled). */
  const focusAfterRender = useRef<string | null>(null);

  /** A seat plan's zones, asked for once per plan (the dates' prices, the price form and the problems name them). */
  const zonesOf = useCallback((planId: number) => {
    let request = zoneRequests.current.get(planId);
    if (!request) {
      request = eventsApi.zones(planId).then((r) => {
        setZonesByPlan((z) => ({ ...z, [planId]: r.zones }));
        return r.zones;
      });
      request.catch(() => zoneRequests.current.delete(planId));
      zoneRequests.current.set(planId, request);
    }
    return request;
  }, []);

  const loadFeatures = () =>
    eventsApi.features().then(
      (r) => setFeatures(r.features),
      () => setFeatures('failed'),
    );
  const readZonesOf = (list: AdminPresentation[]) => {
    for (const planId of new Set(list.map((p) => p.seatPlanId))) zonesOf(planId).catch(() => undefined);
  };
  const loadDates = (featureId: number) =>
    eventsApi.presentations(featureId).then(
      (r) => {
        setDates({ featureId, list: r.presentations, next: r.next });
        readZonesOf(r.presentations);
      },
      () => setDates({ featureId, list: 'failed' }),
    );
  /** The next page of the chosen event's dates, after those shown. */
  const loadLaterDates = (current: Dates) => {
    if (!Array.isArray(current.list) || !current.next) return;
    const shown = current.list;
    setBusy(true);
    void eventsApi
      .presentations(current.featureId, current.next)
      .then(
        (r) => {
          setDates({ featureId: current.featureId, list: [...shown, ...r.presentations], next: r.next });
          readZonesOf(r.presentations);
          // The first of the new dates takes the focus, so a keyboard user goes on where the list grew.
          if (r.presentations[0]) focusAfterRender.current = rowHeaderId(r.presentations[0].id);
        },
        () => setRefusal({ message: t(`${K}.datesFailed`), problems: [] }),
      )
      .finally(() => setBusy(false));
  };
  useEffect(() => {
    void loadFeatures();
    void eventsApi.venues().then(
      (r) => setVenues(r.venues),
      () => setVenues('failed'),
    );
  }, []);

  useEffect(() => {
    if (selectedId !== null) datesHeadingRef.current?.focus();
  }, [selectedId]);
  useEffect(() => {
    if (focusAfterRender.current === null) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  // While a cancelled date's job runs, its progress is read again every few seconds; a failed read keeps the last
  // progress and tries again. Stops when the panel closes, another event is shown, or no cancellation is running.
  useEffect(() => {
    if (!dates || !Array.isArray(dates.list) || !dates.list.some(cancellationRunning)) return;
    const { featureId } = dates;
    let live = true;
    const timer = setTimeout(() => {
      // The dates shown so far, read again in one page (up to the API's 500).
      const shown = Array.isArray(dates.list) ? dates.list.length : 0;
      eventsApi.presentations(featureId, undefined, Math.min(500, Math.max(200, shown))).then(
        (r) => live && setDates({ featureId, list: r.presentations, next: r.next }),
        () => live && setDates((d) => (d ? { ...d } : d)),
      );
    }, PROGRESS_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dates]);

  const select = (featureId: number) => {
    if (featureId === selectedId) datesHeadingRef.current?.focus();
    else setEditing(null);
    setSelectedId(featureId);
    if (dates?.featureId !== featureId) {
      setDates(null);
      void loadDates(featureId);
    }
  };

  /** Runs one change: clears the last notice and refusal, shows the outcome, and answers whether it was taken. */
  const run = async (
    action: () => Promise<string>,
    options: { planId?: number; after?: () => Promise<unknown> } = {},
  ): Promise<boolean> => {
    clear();
    setBusy(true);
    try {
      setNotice(await action());
      return true;
    } catch (e) {
      const problems = notReadyProblems(e);
      if (problems.length && options.planId !== undefined) await zonesOf(options.planId).catch(() => undefined);
      setRefusal({
        message: errorText(e, t(`${K}.actionFailed`)),
        problems,
        planId: options.planId,
        missing: missingPlaces(e),
      });
      return false;
    } finally {
      // A stale revision (someone else changed it) is answered with the current state: the lists show it.
      await options.after?.();
      setBusy(false);
    }
  };

  const createFeature = (input: AdminFeatureInput) =>
    run(async () => {
      const created = await eventsApi.createFeature(input);
      await loadFeatures();
      select(created.id);
      return t(`${K}.created`, { name: nameIn(created.name, locale) });
    });

  const uploadImage = (feature: AdminFeature, file: File) =>
    run(
      async () => {
        await eventsApi.uploadImage(feature.id, feature.revision, file);
        return t(`${K}.image.uploaded`, { name: nameIn(feature.name, locale) });
      },
      { after: loadFeatures },
    );

  const removeImage = (feature: AdminFeature) =>
    run(
      async () => {
        await eventsApi.removeImage(feature.id, feature.revision);
        return t(`${K}.image.removed`, { name: nameIn(feature.name, locale) });
      },
      { after: loadFeatures },
    );

  const createSeries = (input: AdminPresentationSeriesInput) =>
    run(
      async () => {
        const { presentations } = await eventsApi.createSeries(input);
        return t(`${K}.added`, { count: presentations.length.toLocaleString(locale) });
      },
      { after: () => Promise.all([loadDates(input.featureId), loadFeatures()]) },
    );

  const publish = (p: AdminPresentation) =>
    run(
      async () => {
        const done = await eventsApi.publish(p.id, p.revision);
        return t(`${K}.publishedNotice`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { planId: p.seatPlanId, after: () => Promise.all([loadDates(p.featureId), loadFeatures()]) },
    );

  const number = (n: number) => n.toLocaleString(locale);
  const money = (agorot: number) => formatShekels(agorot, locale);

  /** Closes a date's inline form, the focus back on the button that opened it. */
  const closeEditor = () => {
    if (editing) focusAfterRender.current = openerId[editing.kind](editing.id);
    setEditing(null);
  };

  const move = async (p: AdminPresentation, date: string, time: string) => {
    const moved = await run(
      async () => {
        const { presentation, ordersTold } = await eventsApi.move(p.id, { revision: p.revision, date, time });
        return t(`${K}.moved`, {
          count: ordersTold,
          orders: number(ordersTold),
          date: formatJerusalemDateTime(presentation.startsAt, locale),
        });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (moved) {
      focusAfterRender.current = moveButtonId(p.id);
      setEditing(null);
    }
    return moved;
  };

  const changePrices = async (p: AdminPresentation, tickets: AdminPriceChange['tickets']) => {
    const changed = await run(
      async () => {
        const done = await eventsApi.changePrices(p.id, { revision: p.revision, tickets });
        return t(done.status === 'published' ? `${K}.pricesChangedOnSale` : `${K}.pricesChanged`, {
          date: formatJerusalemDateTime(done.startsAt, locale),
        });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (changed) {
      focusAfterRender.current = pricesButtonId(p.id);
      setEditing(null);
    }
    return changed;
  };

  /** A date's waiver and the buyer's cancellation policy, at the revision the form read. */
  const saveSettings = async (p: AdminPresentation, revision: number, settings: AdminDateSettings) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeSettings(p.id, { revision, ...settings });
        return t(`${K}.settings.saved`, { date: formatJerusalemDateTime(done.presentation.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = settingsButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** When the public may buy the date (Israel time in the form; null: no limit on that side). */
  const saveSaleWindow = async (p: AdminPresentation, opensAt: string | null, closesAt: string | null) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeSaleWindow(p.id, { revision: p.revision, opensAt, closesAt });
        return t(`${K}.saleWindow.saved`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = windowButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** What the row says of a date's hold rules where they differ from every date's default (who, released when). */
  const holdNotes = (policy: HoldPolicy): string[] => {
    const notes: string[] = [];
    if (policy.holders === 'customers') notes.push(t(`${K}.holdPolicy.shownCustomers`));
    if (policy.holders === 'box-office') notes.push(t(`${K}.holdPolicy.shownBoxOffice`));
    if (
      policy.releaseMinutesBeforeStart !== DEFAULT_HOLD_POLICY.releaseMinutesBeforeStart ||
      policy.maxHoldMinutes !== null
    )
      notes.push(t(`${K}.holdPolicy.shown`, { minutes: number(policy.releaseMinutesBeforeStart) }));
    return notes;
  };

  /** What an unpaid hold may do on the date: allowed, who may place it, released when, living how long. */
  const saveHoldPolicy = async (p: AdminPresentation, policy: HoldPolicy) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeHoldPolicy(p.id, { revision: p.revision, ...policy });
        return t(`${K}.holdPolicy.saved`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = holdsButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** A date between the hall and online; the server refuses once a ticket of it is sold or held. */
  const saveWatching = async (p: AdminPresentation, videoOnDemand: VideoOnDemandKind | null) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeWatching(p.id, { revision: p.revision, videoOnDemand });
        return t(`${K}.watchingChange.saved`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = watchingButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** The date to another published version of its plan; the server lists the places that version lacks. */
  const saveSeatPlan = async (p: AdminPresentation, seatPlanId: number) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeSeatPlan(p.id, { revision: p.revision, seatPlanId });
        const version = planById.get(done.seatPlanId)?.plan.version ?? '';
        return t(`${K}.seatPlanVersion.saved`, { date: formatJerusalemDateTime(done.startsAt, locale), version });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = seatPlanButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** The doors' rotating code on or off (refused by the server once the doors opened or a ticket was scanned). */
  const saveRotatingCode = async (p: AdminPresentation, rotatingCode: boolean) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeRotatingCode(p.id, { revision: p.revision, rotatingCode });
        return t(done.rotatingCode ? `${K}.rotatingCode.savedOn` : `${K}.rotatingCode.savedOff`, {
          date: formatJerusalemDateTime(done.startsAt, locale),
        });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = rotatingButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** At most how many seats each sales channel sells for the date. */
  const saveChannelAllocations = async (
    p: AdminPresentation,
    allocations: { channel: CouponChannel; seats: number }[],
  ) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeChannelAllocations(p.id, { revision: p.revision, allocations });
        return t(`${K}.channelAllocations.saved`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = allocationsButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** One allocation's named seats kept off the public until a release instant. */
  const saveSetAside = async (
    p: AdminPresentation,
    allocationId: number,
    releaseAt: string | null,
    seats: AdminSeatPlace[],
  ) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.changeSetAside(p.id, { revision: p.revision, allocationId, releaseAt, seats });
        return t(`${K}.setAside.saved`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = asideButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** The price a member pays per zone, added or changed. */
  const saveMemberPrices = async (p: AdminPresentation, zones: AdminMemberPrices['zones']) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.memberPrices(p.id, { revision: p.revision, zones });
        return t(`${K}.memberPrices.saved`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = membersButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  /** A new coupon on the date, or an existing one's cap and terms. */
  /** One more ticket on a zone the date prices (a couple ticket: two seats at one price). */
  const saveTicket = async (p: AdminPresentation, zoneId: number, ticket: AdminTicketInput['ticket']) => {
    const saved = await run(
      async () => {
        const done = await eventsApi.addTicket(p.id, { revision: p.revision, zoneId, ticket });
        return t(`${K}.tickets.saved`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = ticketsButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  const saveCoupon = async (p: AdminPresentation, save: CouponSave) => {
    const saved = await run(
      async () => {
        if (save.kind === 'new') {
          await eventsApi.addCoupon(p.id, { revision: p.revision, zoneId: save.zoneId, coupon: save.coupon });
          return t(`${K}.coupons.added`, { code: save.coupon.code });
        }
        await eventsApi.changeCoupon(p.id, save.ticketId, { revision: p.revision, cap: save.cap, terms: save.terms });
        return t(`${K}.coupons.saved`);
      },
      { after: () => loadDates(p.featureId) },
    );
    if (saved) {
      focusAfterRender.current = couponsButtonId(p.id);
      setEditing(null);
    }
    return saved;
  };

  const cancel = async (p: AdminPresentation, reason: string) => {
    const cancelled = await run(
      async () => {
        const done = await eventsApi.cancel(p.id, { revision: p.revision, reason });
        return t(`${K}.cancelledNotice`, { date: formatJerusalemDateTime(done.startsAt, locale) });
      },
      { after: () => Promise.all([loadDates(p.featureId), loadFeatures()]) },
    );
    if (cancelled) {
      // Its buttons are gone: the focus goes to the date itself, whose row now shows the progress.
      focusAfterRender.current = rowHeaderId(p.id);
      setEditing(null);
    }
    return cancelled;
  };

  const planById = new Map<number, { venue: AdminVenue; plan: AdminSeatPlanSummary }>();
  if (Array.isArray(venues))
    for (const venue of venues) for (const plan of venue.seatPlans) planById.set(plan.id, { venue, plan });
  /** The published versions of a plan (the same venue and code), oldest first. */
  const versionsOf = (planId: number): AdminSeatPlanSummary[] => {
    const own = planById.get(planId);
    if (!own) return [];
    return own.venue.seatPlans
      .filter((v) => v.code === own.plan.code && v.status === 'published')
      .sort((a, b) => a.version - b.version);
  };
  const zoneLabel = (planId: number | undefined, zoneId: number) => {
    const zone = planId === undefined ? undefined : zonesByPlan[planId]?.find((z) => z.id === zoneId);
    return zone ? (
      <span className="bo-event-zone">
        <Swatch color={zone.color} />
        <Named names={zone.name} locale={locale} />
      </span>
    ) : (
      t(`${K}.zoneNumber`, { id: zoneId })
    );
  };
  /** A zone's name as plain text (an option of a list cannot hold its colour). */
  const zoneText = (planId: number, zoneId: number) => {
    const zone = zonesByPlan[planId]?.find((z) => z.id === zoneId);
    return zone ? nameIn(zone.name, locale) : t(`${K}.zoneNumber`, { id: zoneId });
  };
  const selected = Array.isArray(features) ? features.find((f) => f.id === selectedId) : undefined;
  const dateList = dates && selected && dates.featureId === selected.id ? dates.list : null;

  return (
    <>
      <section className="bo-card">
        <div className="bo-card-head">
          <h2 id="bo-events-title">{t(`${K}.title`)}</h2>
        </div>
        <p className="bo-hint">{t(`${K}.intro`)}</p>
        <AdminMessages testId="bo-event" notice={notice} refusal={refusal?.message} refusalRef={refusalRef}>
          {refusal?.missing && refusal.missing.length > 0 && (
            <>
              <p>{t(`${K}.seatPlanVersion.missing`)}</p>
              <ul className="bo-event-problems" data-testid="bo-seat-plan-missing">
                {refusal.missing.map((label, i) => (
                  <li key={i}>{label}</li>
                ))}
              </ul>
            </>
          )}
          {refusal && refusal.problems.length > 0 && (
            <>
              <p>{t(`${K}.problems`)}</p>
              <ul className="bo-event-problems">
                {refusal.problems.map((p, i) => (
                  <li key={i}>
                    {p.kind === 'in-the-past' ? (
                      t(`${K}.problem.inThePast`)
                    ) : (
                      <>
                        {t(`${K}.problem.zoneWithoutPrice`)} {zoneLabel(refusal.planId, p.zoneId)}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </AdminMessages>
        {features === null && <p role="status">{t(`${K}.loading`)}</p>}
        {features === 'failed' && <p role="alert">{t(`${K}.failed`)}</p>}
        {Array.isArray(features) &&
          (features.length === 0 ? (
            <p>{t(`${K}.empty`)}</p>
          ) : (
            <div className="bo-table-wrap" role="region" aria-labelledby="bo-events-title" tabIndex={0}>
              <table className="bo-table bo-event-table">
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.columns.event`)}</th>
                    <th scope="col">{t(`${K}.columns.category`)}</th>
                    <th scope="col">{t(`${K}.columns.duration`)}</th>
                    <th scope="col">{t(`${K}.columns.shown`)}</th>
                    <th scope="col">{t(`${K}.columns.dates`)}</th>
                    <th scope="col">{t(`${K}.columns.actions`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {features.map((f) => (
                    <tr
                      key={f.id}
                      data-testid={`bo-event-${f.id}`}
                      className={f.id === selectedId ? 'bo-event-selected' : undefined}
                      aria-current={f.id === selectedId ? 'true' : undefined}
                    >
                      <th scope="row">
                        <Named names={f.name} locale={locale} />
                        {f.ageLimit !== null && (
                          <span className="bo-hint">
                            {' · '}
                            {t(`${K}.ageValue`, { age: number(f.ageLimit) })}
                          </span>
                        )}
                      </th>
                      <td>{FEATURE_CATEGORIES[f.categoryId]?.[locale] ?? ''}</td>
                      <td>{t(`${K}.minutes`, { minutes: number(f.durationMinutes) })}</td>
                      <td>
                        <span className={`bo-event-status bo-event-status--${f.visible ? 'published' : 'draft'}`}>
                          {t(f.visible ? `${K}.visible` : `${K}.hidden`)}
                        </span>
                      </td>
                      <td>{number(f.presentationCount)}</td>
                      <td>
                        <button type="button" className="button" onClick={() => select(f.id)}>
                          {t(`${K}.showDates`)}
                          <span className="visually-hidden">
                            {': '}
                            <Named names={f.name} locale={locale} />
                          </span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </section>

      {selected && (
        // Not a landmark of its own: its dates table is the region named by this heading.
        <section className="bo-card" data-testid="bo-event-dates">
          <h3 id="bo-dates-title" tabIndex={-1} ref={datesHeadingRef}>
            {t(`${K}.datesOf`)} <Named names={selected.name} locale={locale} />
          </h3>
          <FeatureImageForm
            feature={selected}
            locale={locale}
            busy={busy}
            onUpload={(file) => uploadImage(selected, file)}
            onRemove={() => removeImage(selected)}
          />
          {dateList === null && <p role="status">{t(`${K}.loadingDates`)}</p>}
          {dateList === 'failed' && <p role="alert">{t(`${K}.datesFailed`)}</p>}
          {Array.isArray(dateList) &&
            (dateList.length === 0 ? (
              <p>{t(`${K}.noDates`)}</p>
            ) : (
              <div
                className="bo-table-wrap bo-event-dates-wrap"
                role="region"
                aria-labelledby="bo-dates-title"
                tabIndex={0}
              >
                <table className="bo-table bo-event-table">
                  <thead>
                    <tr>
                      <th scope="col">{t(`${K}.dateColumns.when`)}</th>
                      <th scope="col">{t(`${K}.dateColumns.venue`)}</th>
                      <th scope="col">{t(`${K}.dateColumns.prices`)}</th>
                      <th scope="col">{t(`${K}.dateColumns.status`)}</th>
                      <th scope="col">{t(`${K}.dateColumns.sold`)}</th>
                      <th scope="col">{t(`${K}.columns.actions`)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {dateList.map((p) => {
                      const where = planById.get(p.seatPlanId);
                      const when = formatJerusalemDateTime(p.startsAt, locale);
                      const open = editing?.id === p.id && p.status !== 'cancelled' ? editing.kind : null;
                      /** A button that opens one of this date's inline forms (`controls`: that form's id). */
                      const opener = (kind: Editing['kind'], id: string, controls: string, label: string) => (
                        <button
                          type="button"
                          className="button"
                          id={id}
                          aria-expanded={open === kind}
                          aria-controls={open === kind ? controls : undefined}
                          disabled={busy}
                          onClick={() => setEditing({ id: p.id, kind })}
                        >
                          {label}
                          <span className="visually-hidden">
                            {': '}
                            {when}
                          </span>
                        </button>
                      );
                      return (
                        <Fragment key={p.id}>
                          <tr data-testid={`bo-date-${p.localDate}`} data-presentation-id={p.id}>
                            <th scope="row" id={rowHeaderId(p.id)} tabIndex={-1}>
                              <time dateTime={p.startsAt}>{when}</time>
                              <span className="bo-hint">
                                {' · '}
                                {t(`${K}.maxSeatsValue`, { seats: number(p.maxSeatsPerOrder) })}
                              </span>
                              {p.videoOnDemand && (
                                <span className="bo-hint" data-testid={`bo-date-${p.id}-online`}>
                                  {' · '}
                                  {t(`${K}.watching.${p.videoOnDemand}`)}
                                </span>
                              )}
                              {!p.holdPolicy.allowed ? (
                                <span className="bo-hint" data-testid={`bo-date-${p.id}-holds`}>
                                  {' · '}
                                  {t(`${K}.holdPolicy.shownNone`)}
                                </span>
                              ) : (
                                holdNotes(p.holdPolicy).length > 0 && (
                                  <span className="bo-hint" data-testid={`bo-date-${p.id}-holds`}>
                                    {' · '}
                                    {holdNotes(p.holdPolicy).join(' · ')}
                                  </span>
                                )
                              )}
                              {p.rotatingCode && (
                                <span className="bo-hint" data-testid={`bo-date-${p.id}-rotating-shown`}>
                                  {' · '}
                                  {t(`${K}.rotatingCode.shown`)}
                                </span>
                              )}
                              {p.channelAllocations.length > 0 && (
                                <span className="bo-hint" data-testid={`bo-date-${p.id}-allocations`}>
                                  {' · '}
                                  {t(`${K}.channelAllocations.shown`)}
                                </span>
                              )}
                              {p.setAside.map((g) => (
                                <span
                                  key={`${g.allocationId}-${g.releaseAt}`}
                                  className="bo-hint"
                                  data-testid={`bo-date-${p.id}-aside-${g.allocationId}`}
                                >
                                  {' · '}
                                  {g.releaseAt
                                    ? t(`${K}.setAside.shownUntil`, {
                                        seats: g.seats,
                                        allocation: g.allocationId,
                                        until: formatJerusalemDateTime(g.releaseAt, locale),
                                      })
                                    : t(`${K}.setAside.shownKept`, { seats: g.seats, allocation: g.allocationId })}
                                </span>
                              ))}
                              {(p.salesOpenAt || p.salesCloseAt) && (
                                <span className="bo-hint" data-testid={`bo-date-${p.id}-window`}>
                                  {' · '}
                                  {p.salesOpenAt && p.salesCloseAt
                                    ? t(`${K}.saleWindow.shown`, {
                                        opens: formatJerusalemDateTime(p.salesOpenAt, locale),
                                        closes: formatJerusalemDateTime(p.salesCloseAt, locale),
                                      })
                                    : p.salesOpenAt
                                      ? t(`${K}.saleWindow.shownOpens`, {
                                          opens: formatJerusalemDateTime(p.salesOpenAt, locale),
                                        })
                                      : t(`${K}.saleWindow.shownCloses`, {
                                          closes: formatJerusalemDateTime(p.salesCloseAt ?? '', locale),
                                        })}
                                </span>
                              )}
                            </th>
                            <td>
                              {where ? (
                                <>
                                  <Named names={where.venue.name} locale={locale} />
                                  <span className="bo-hint">
                                    {' · '}
                                    {t(`${K}.planOption`, { code: where.plan.code, version: where.plan.version })}
                                  </span>
                                </>
                              ) : (
                                t(`${K}.planNumber`, { id: p.seatPlanId })
                              )}
                            </td>
                            <td>
                              <ul className="bo-event-price-list">
                                {p.prices.map((zp) => (
                                  <li key={zp.zoneId}>
                                    {zoneLabel(p.seatPlanId, zp.zoneId)}
                                    {': '}
                                    {zp.tickets.length === 0 ? (
                                      <span className="bo-event-unpriced">{t(`${K}.noPrice`)}</span>
                                    ) : (
                                      zp.tickets.map((ticket, i) => (
                                        <span key={i} className="bo-event-ticket">
                                          {ticket.memberUnits ? (
                                            // A member price: sold to members only (buyers do not see it listed).
                                            <>
                                              {t(`${K}.memberPrices.shown`)}
                                              {': '}
                                            </>
                                          ) : ticket.code ? (
                                            // A coupon, by its code (buyers do not see it listed).
                                            <>
                                              {t(`${K}.coupon.shown`)}{' '}
                                              <bdi dir="ltr" translate="no">
                                                {ticket.code}
                                              </bdi>
                                              {ticket.cap != null &&
                                                ` ${t(`${K}.coupon.upTo`, { cap: number(ticket.cap) })}`}
                                              {': '}
                                            </>
                                          ) : (
                                            zp.tickets.filter((other) => !other.code).length > 1 && (
                                              <>
                                                <Named names={ticket.name} locale={locale} />{' '}
                                              </>
                                            )
                                          )}
                                          {money(ticket.priceAgorot)}
                                          {ticket.serviceChargeAgorot > 0 &&
                                            ` ${t(`${K}.plusCharge`, { amount: money(ticket.serviceChargeAgorot) })}`}
                                          {(ticket.multiplyFactor ?? 1) > 1 &&
                                            ` ${t(`${K}.tickets.forSeats`, { seats: number(ticket.multiplyFactor!) })}`}
                                          {ticket.code &&
                                            !ticket.memberUnits &&
                                            ` · ${t(`${K}.coupons.used`, { used: number(ticket.used ?? 0) })}`}
                                          {ticket.code &&
                                            ticket.terms?.active === false &&
                                            ` · ${t(`${K}.coupons.off`)}`}
                                        </span>
                                      ))
                                    )}
                                  </li>
                                ))}
                              </ul>
                            </td>
                            <td>
                              <span className={`bo-event-status bo-event-status--${p.status}`}>
                                {t(`${K}.status.${p.status}`)}
                              </span>
                              {p.status === 'cancelled' && p.cancellation && (
                                <>
                                  <CancellationProgress progress={p.cancellation} number={number} />
                                  {p.cancellation.reason && (
                                    <p className="bo-hint bo-event-reason">
                                      {t(`${K}.reasonShown`)} <bdi>{p.cancellation.reason}</bdi>
                                    </p>
                                  )}
                                </>
                              )}
                            </td>
                            <td>{number(p.soldCount)}</td>
                            <td>
                              {p.status !== 'cancelled' && (
                                <div className="bo-actions">
                                  {p.status === 'draft' && (
                                    <button
                                      type="button"
                                      className="button"
                                      disabled={busy}
                                      onClick={() => void publish(p)}
                                    >
                                      {t(`${K}.publish`)}
                                      <span className="visually-hidden">
                                        {': '}
                                        {when}
                                      </span>
                                    </button>
                                  )}
                                  {opener('move', moveButtonId(p.id), `bo-move-${p.id}`, t(`${K}.changeDate`))}
                                  {opener('prices', pricesButtonId(p.id), `bo-prices-${p.id}`, t(`${K}.changePrices`))}
                                  {opener(
                                    'tickets',
                                    ticketsButtonId(p.id),
                                    `bo-tickets-${p.id}`,
                                    t(`${K}.tickets.open`),
                                  )}
                                  {opener(
                                    'members',
                                    membersButtonId(p.id),
                                    `bo-members-${p.id}`,
                                    t(`${K}.memberPrices.open`),
                                  )}
                                  {opener(
                                    'settings',
                                    settingsButtonId(p.id),
                                    `bo-settings-${p.id}`,
                                    t(`${K}.settings.open`),
                                  )}
                                  {opener(
                                    'window',
                                    windowButtonId(p.id),
                                    `bo-window-${p.id}`,
                                    t(`${K}.saleWindow.open`),
                                  )}
                                  {opener('holds', holdsButtonId(p.id), `bo-holds-${p.id}`, t(`${K}.holdPolicy.open`))}
                                  {opener(
                                    'allocations',
                                    allocationsButtonId(p.id),
                                    `bo-allocations-${p.id}`,
                                    t(`${K}.channelAllocations.open`),
                                  )}
                                  {opener('aside', asideButtonId(p.id), `bo-aside-${p.id}`, t(`${K}.setAside.open`))}
                                  {opener(
                                    'watching',
                                    watchingButtonId(p.id),
                                    `bo-watching-${p.id}`,
                                    t(`${K}.watchingChange.open`),
                                  )}
                                  {opener(
                                    'seatPlan',
                                    seatPlanButtonId(p.id),
                                    `bo-seat-plan-${p.id}`,
                                    t(`${K}.seatPlanVersion.open`),
                                  )}
                                  {opener(
                                    'rotating',
                                    rotatingButtonId(p.id),
                                    `bo-rotating-${p.id}`,
                                    t(`${K}.rotatingCode.open`),
                                  )}
                                  {opener(
                                    'coupons',
                                    couponsButtonId(p.id),
                                    `bo-coupons-${p.id}`,
                                    t(`${K}.coupons.open`),
                                  )}
                                  {opener('cancel', cancelButtonId(p.id), `bo-cancel-${p.id}`, t(`${K}.cancelDate`))}
                                </div>
                              )}
                            </td>
                          </tr>
                          {open && (
                            // The form under its date, across the table; it stays in view when the table scrolls.
                            <tr className="bo-event-editor-row">
                              <td colSpan={6}>
                                {open === 'move' ? (
                                  <MoveDateForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onSave={(date, time) => move(p, date, time)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'prices' ? (
                                  <PriceChangeForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    locale={locale}
                                    zoneLabel={(zoneId) => zoneLabel(p.seatPlanId, zoneId)}
                                    onSave={(tickets) => changePrices(p, tickets)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'settings' ? (
                                  <DateSettingsForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    locale={locale}
                                    onSave={(revision, settings) => saveSettings(p, revision, settings)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'rotating' ? (
                                  <RotatingCodeForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onSave={(on) => saveRotatingCode(p, on)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'window' ? (
                                  <SaleWindowForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onSave={(opensAt, closesAt) => saveSaleWindow(p, opensAt, closesAt)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'holds' ? (
                                  <HoldPolicyForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onSave={(policy) => saveHoldPolicy(p, policy)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'seatPlan' ? (
                                  <SeatPlanVersionForm
                                    key={p.id}
                                    presentation={p}
                                    versions={versionsOf(p.seatPlanId)}
                                    when={when}
                                    busy={busy}
                                    onSave={(seatPlanId) => saveSeatPlan(p, seatPlanId)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'watching' ? (
                                  <WatchingForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onSave={(kind) => saveWatching(p, kind)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'allocations' ? (
                                  <ChannelAllocationsForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onSave={(allocations) => saveChannelAllocations(p, allocations)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'aside' ? (
                                  <SetAsideForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onSave={(allocationId, releaseAt, seats) =>
                                      saveSetAside(p, allocationId, releaseAt, seats)
                                    }
                                    onClose={closeEditor}
                                  />
                                ) : open === 'tickets' ? (
                                  <TicketForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    locale={locale}
                                    zoneText={(zoneId) => zoneText(p.seatPlanId, zoneId)}
                                    onSave={(zoneId, ticket) => saveTicket(p, zoneId, ticket)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'members' ? (
                                  <MemberPriceForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    locale={locale}
                                    zoneLabel={(zoneId) => zoneLabel(p.seatPlanId, zoneId)}
                                    onSave={(zones) => saveMemberPrices(p, zones)}
                                    onClose={closeEditor}
                                  />
                                ) : open === 'coupons' ? (
                                  <CouponForm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    locale={locale}
                                    zoneLabel={(zoneId) => zoneLabel(p.seatPlanId, zoneId)}
                                    zoneText={(zoneId) => zoneText(p.seatPlanId, zoneId)}
                                    onSave={(save) => saveCoupon(p, save)}
                                    onClose={closeEditor}
                                  />
                                ) : (
                                  <CancelDateConfirm
                                    key={p.id}
                                    presentation={p}
                                    when={when}
                                    busy={busy}
                                    onConfirm={(reason) => cancel(p, reason)}
                                    onClose={closeEditor}
                                  />
                                )}
                              </td>
                            </tr>
                          )}
                        </Fragment>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            ))}
          {dates?.next && Array.isArray(dateList) && (
            <p className="bo-actions">
              <button type="button" className="button" disabled={busy} onClick={() => loadLaterDates(dates)}>
                {t(`${K}.laterDates`, { shown: number(dateList.length) })}
              </button>
            </p>
          )}
          {venues === null && <p role="status">{t(`${K}.loadingVenues`)}</p>}
          {venues === 'failed' && <p role="alert">{t(`${K}.venuesFailed`)}</p>}
          {Array.isArray(venues) && (
            <AddDatesForm
              key={selected.id}
              feature={selected}
              venues={venues}
              zonesOf={zonesOf}
              busy={busy}
              onCreate={createSeries}
            />
          )}
        </section>
      )}

      <NewEventForm businessIds={businessIds} busy={busy} onCreate={createFeature} />

      <ProductsPanel venues={venues} features={features} />
    </>
  );
}
