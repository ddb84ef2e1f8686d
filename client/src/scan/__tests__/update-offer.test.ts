import { takeUpdate, watchForUpdate } from '../offline-shell/update-offer';

/** The update offer's logic with stand-ins for the browser's registration, container and workers (EventTargets). */
function fakes(o: { controlled: boolean; waitingAtStart?: boolean }) {
  const worker = (state: string) => Object.assign(new EventTarget(), { state, postMessage: jest.fn() });
  const registration = Object.assign(new EventTarget(), {
    waiting: o.waitingAtStart ? worker('installed') : null,
    installing: null as ReturnType<typeof worker> | null,
  });
  const container = Object.assign(new EventTarget(), { controller: o.controlled ? worker('activated') : null });
  /** The browser found a new version: installing, then installed and waiting. */
  const newVersionInstalls = () => {
    const next = worker('installing');
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    next.state = 'installed';
    registration.installing = null;
    registration.waiting = next;
    next.dispatchEvent(new Event('statechange'));
    return next;
  };
  return { registration, container, newVersionInstalls, worker };
}

describe('watchForUpdate', () => {
  it('offers a new version installed while an older one controls the page', () => {
    const f = fakes({ controlled: true });
    const offered: unknown[] = [];
    watchForUpdate(f.registration as never, f.container as never, (w) => offered.push(w));
    expect(offered).toEqual([]);
    const next = f.newVersionInstalls();
    expect(offered).toEqual([next]);
  });

  it('offers a version already waiting when the page opens (another tab kept the old one)', () => {
    const f = fakes({ controlled: true, waitingAtStart: true });
    const offered: unknown[] = [];
    watchForUpdate(f.registration as never, f.container as never, (w) => offered.push(w));
    expect(offered).toEqual([f.registration.waiting]);
  });

  it('offers a version still installing when the page opens (its updatefound came before the page’s script)', () => {
    const f = fakes({ controlled: true });
    const next = f.worker('installing');
    f.registration.installing = next;
    const offered: unknown[] = [];
    watchForUpdate(f.registration as never, f.container as never, (w) => offered.push(w));
    expect(offered).toEqual([]);
    next.state = 'installed';
    f.registration.installing = null;
    f.registration.waiting = next;
    next.dispatchEvent(new Event('statechange'));
    expect(offered).toEqual([next]);
  });

  it('offers nothing on the first install (no version controls the page yet)', () => {
    const f = fakes({ controlled: false });
    const offered: unknown[] = [];
    watchForUpdate(f.registration as never, f.container as never, (w) => offered.push(w));
    f.newVersionInstalls();
    expect(offered).toEqual([]);
  });
});

describe('takeUpdate', () => {
  it('asks the waiting version to take over, and reloads only once it has', () => {
    const f = fakes({ controlled: true });
    const waiting = f.worker('installed');
    const reload = jest.fn();
    takeUpdate(waiting as never, f.container as never, reload);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    expect(reload).not.toHaveBeenCalled();
    f.container.dispatchEvent(new Event('controllerchange'));
    f.container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
