import { HoldEndedEvent, type HoldEndedMessage } from '@hotline/shared';
import type { SeatMapController } from '../../controller';
import { createUiStore } from '../../ui-state';
import { LiveManager } from '../live';

/** The fake socket the feed gets: records its options and handlers, so the test can play the server. */
const socket = {
  handlers: new Map<string, (msg: unknown) => void>(),
  options: null as null | { auth?: (cb: (data: object) => void) => void },
  on(event: string, handler: (msg: unknown) => void) {
    this.handlers.set(event, handler);
    return this;
  },
  emit: () => undefined,
  removeAllListeners: () => undefined,
  disconnect: () => undefined,
  connected: false,
};

jest.mock('socket.io-client', () => ({
  io: (options: typeof socket.options) => {
    socket.options = options;
    return socket;
  },
}));
jest.mock('../../../api/identity', () => ({ storedVisitorId: () => '6f1c2a8e-5b7d-4e3f-9a10-2b3c4d5e6f70' }));

/**
 * The server tells a visitor on their own socket that their hold ended; the seat map marks it at once
 * (SeatMap then opens the hold-expired page), and the socket proves who it is the way every call does (its uuid).
 */
describe('LiveManager: hold ended', () => {
  const g = globalThis as unknown as { window?: unknown };
  beforeAll(() => {
    g.window = { addEventListener: () => undefined, removeEventListener: () => undefined };
  });
  afterAll(() => {
    delete g.window;
  });

  /** connect() fetches the socket.io client with import(): the socket exists once that has resolved. */
  async function connected(presentationId: number) {
    const ui = createUiStore();
    const c = {
      presentation: { id: presentationId },
      opts: { locale: 'he' },
      sync: { version: 0 },
      ui,
    } as unknown as SeatMapController;
    const live = new LiveManager(c);
    live.connect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { ui, live };
  }

  it.each<[string, number, boolean]>([
    ['this show: the hold ended', 7, true],
    ['another show of the same visitor: not this page’s hold', 8, false],
  ])('%s', async (_label, presentationId, expected) => {
    const { ui, live } = await connected(7);
    expect(ui.getState().holdEnded).toBe(false);
    const msg: HoldEndedMessage = { presentationId, seats: ['1:3:4'], reason: 'expired' };
    socket.handlers.get(HoldEndedEvent)!(msg);
    expect(ui.getState().holdEnded).toBe(expected);
    live.close();
  });

  it('the socket sends the visitor uuid in its handshake auth', async () => {
    const { live } = await connected(7);
    let sent: object | null = null;
    socket.options!.auth!((data) => (sent = data));
    expect(sent).toEqual({ uuid: '6f1c2a8e-5b7d-4e3f-9a10-2b3c4d5e6f70' });
    live.close();
  });

  it('closed before the socket.io client arrived: no socket is opened', async () => {
    socket.options = null;
    const live = new LiveManager({
      presentation: { id: 7 },
      opts: { locale: 'he' },
      sync: { version: 0 },
      ui: createUiStore(),
    } as unknown as SeatMapController);
    live.connect();
    live.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(socket.options).toBeNull();
  });
});
