import { Client } from 'pg';
import { addCalendarDays, jerusalemDateKey, type AdminPresentation } from '@hotline/shared';
import type { AppConfig } from '../../../src/config/app-config';
import { Clock } from '../../../src/common/clock';
import type { ManualClock } from '../../support/manual-clock';
import { startTestApp, type TestApp } from '../../support/test-env';
import { signedIn, type StaffBrowser } from '../../backoffice/support/staff-kit';
import { newFeature, publishedTheatre, regularPrices } from './published-theatre';

/** What a catalogue suite works with: its app, an SQL client on the app's database, the administrator signed in. */
export interface CatalogueApp {
  t: TestApp;
  sql: Client;
  admin: StaffBrowser;
}

/**
 * The catalogue medium suites' one set-up: registers beforeAll (an app with `env`, on `clock` when given, so a test
 * that moves it signs staff in at its time; an SQL client; the administrator signed in) and afterAll (all of it
 * closed). The object is filled before the suite's own beforeAll runs (hooks run in the order registered).
 */
export function useCatalogueApp(
  options: { env?: Partial<Record<keyof AppConfig, string>>; clock?: ManualClock } = {},
): CatalogueApp {
  const app = {} as CatalogueApp;
  beforeAll(async () => {
    const { clock } = options;
    app.t = await startTestApp(
      options.env ?? {},
      undefined,
      clock ? [{ provide: Clock, useFactory: () => clock }] : [],
    );
    app.sql = new Client({ connectionString: app.t.db.url });
    await app.sql.connect();
    app.admin = await signedIn(app.t.url, app.sql, 'admin', clock?.ms);
  });
  afterAll(async () => {
    await app.sql?.end();
    await app.t?.close();
  });
  return app;
}

/**
 * A new theatre (the seatmaps/ fixture, published), an event (`stage`, `event` names), and `count` dates `everyDays` apart from `daysAhead`
 * days after `today` at 20:00, priced with `prices` (one "Regular" ticket a zone unless given) and published for sale.
 */
export async function publishedDates(
  admin: StaffBrowser,
  options: {
    code: string;
    /** The venue's and the event's names. */
    stage: { he: string; en: string };
    event: { he: string; en: string };
    today: Date;
    daysAhead: number;
    count?: number;
    everyDays?: number;
    prices?: (zones: Awaited<ReturnType<typeof publishedTheatre>>['zones']) => unknown;
  },
): Promise<{ stage: Awaited<ReturnType<typeof publishedTheatre>>; dates: AdminPresentation[] }> {
  const { code, count = 1 } = options;
  const stage = await publishedTheatre(admin, code, { ...options.stage, ru: '', ar: '' });
  const feature = await newFeature(admin, options.event);
  const created = await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: stage.plan.id,
    firstDate: addCalendarDays(jerusalemDateKey(options.today), options.daysAhead),
    time: '20:00',
    ...(count > 1 ? { everyDays: options.everyDays ?? 7, count } : {}),
    prices: (options.prices ?? regularPrices)(stage.zones),
  });
  expect(created.status).toBe(201);
  const dates: AdminPresentation[] = [];
  for (const d of created.body.presentations)
    dates.push((await admin.call('POST', `/api/admin/presentations/${d.id}/publish`, { revision: d.revision })).body);
  return { stage, dates };
}
