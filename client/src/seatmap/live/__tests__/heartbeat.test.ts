import { describe, expect, it } from '@jest/globals';
import { HeartbeatState } from '../heartbeat';

describe('HeartbeatState (the Live badge)', () => {
  it('is not live before the socket connects', () => {
    expect(new HeartbeatState().live).toBe(false);
  });

  it('is live once connected and while pings are answered', () => {
    const h = new HeartbeatState();
    h.connected();
    expect(h.pingResult(true)).toBe(false);
    expect(h.live).toBe(true);
  });

  it('stops saying live at the first missed ping, although socket.io still believes in the connection', () => {
    const h = new HeartbeatState(2);
    h.connected();
    expect(h.pingResult(false)).toBe(false);
    expect(h.live).toBe(false);
  });

  it('asks for a reconnect after the configured number of missed pings in a row', () => {
    const h = new HeartbeatState(2);
    h.connected();
    h.pingResult(false);
    expect(h.pingResult(false)).toBe(true);
    expect(h.live).toBe(false);
  });

  it('recovers by itself: an answered ping or a reconnect makes it live again', () => {
    const h = new HeartbeatState(3);
    h.connected();
    h.pingResult(false);
    h.pingResult(true);
    expect(h.live).toBe(true);
    h.disconnected();
    expect(h.live).toBe(false);
    h.connected();
    expect(h.live).toBe(true);
  });
});
