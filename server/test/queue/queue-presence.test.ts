import { farFrom, QueuePresence } from '../../src/queue/queue-presence';

/** The node's near/far split of its waiting pages (docs/waiting-room.md, "Live updates"), without sockets. */
describe('farFrom: the first number that is far', () => {
  test.each([
    // removed, per minute, near seconds, first far number
    [0, 5_000, 120, 10_000],
    [100, 60, 120, 220],
    [7, 12, 120, 31],
    // a fraction of a place rounds up: the boundary errs near
    [0, 7, 5, 1],
    [10, 1, 120, 12],
    // QUEUE_NEAR_SECONDS = 0: only pages a message admits (number below removed) are near
    [10, 5_000, 0, 10],
    [10, 0, 120, 10],
  ])('removed %i at %i/min, %i s -> %i', (removed, perMinute, seconds, expected) => {
    expect(farFrom(removed, perMinute, seconds)).toBe(expected);
  });
});

describe('QueuePresence bands', () => {
  const until = Number.MAX_SAFE_INTEGER;

  test.each([
    // ticket number, first far number, band
    [null, 10, 'near'],
    [0, 10, 'near'],
    [9, 10, 'near'],
    [10, 10, 'far'],
    [5_000, 10, 'far'],
  ] as const)('number %p with far from %i is %s', (ticketNo, from, band) => {
    expect(new QueuePresence().subscribe('s', 1, 'v', until, ticketNo, from)).toBe(band);
  });

  test('advance moves the far pages the line reached, nearest first, and only those', () => {
    const presence = new QueuePresence();
    // Subscribed out of order, two tabs sharing a number, one page on another presentation.
    const numbers: [string, number][] = [
      ['s40', 40],
      ['s12', 12],
      ['s30', 30],
      ['s12b', 12],
      ['s20', 20],
    ];
    for (const [socket, n] of numbers) expect(presence.subscribe(socket, 1, socket, until, n, 10)).toBe('far');
    expect(presence.subscribe('other', 2, 'other', until, 11, 10)).toBe('far');
    expect(presence.advance(1, 10)).toEqual([]);
    expect(presence.advance(1, 13).sort()).toEqual(['s12', 's12b']);
    expect(presence.advance(1, 13)).toEqual([]);
    // A jump (many dropped at the head at once) moves everything it passed in one go.
    expect(presence.advance(1, 31)).toEqual(['s20', 's30']);
    expect(presence.advance(1, 1_000)).toEqual(['s40']);
    expect(presence.advance(2, 12)).toEqual(['other']);
  });

  test('a far socket that disconnects or subscribes again leaves the far list; its tab twin stays', () => {
    const presence = new QueuePresence();
    presence.subscribe('a', 1, 'v', until, 50, 10);
    presence.subscribe('b', 1, 'v', until, 50, 10);
    presence.subscribe('c', 1, 'w', until, 60, 10);
    presence.forget('a');
    // Subscribing again (a reconnect, another presentation) replaces the socket's entry.
    presence.subscribe('c', 2, 'w', until, 60, 10);
    expect(presence.advance(1, 1_000)).toEqual(['b']);
    expect(presence.advance(2, 1_000)).toEqual(['c']);
    expect(presence.visitors(0)).toEqual(
      new Map([
        [1, ['v']],
        [2, ['w']],
      ]),
    );
    presence.forget('b');
    presence.forget('c');
    expect(presence.visitors(0)).toEqual(new Map());
  });

  test('10,000 far pages subscribed in scrambled order: a tick moves exactly those the line reached', () => {
    const presence = new QueuePresence();
    for (let i = 0; i < 10_000; i++) presence.subscribe(`s${i}`, 1, `v${i}`, until, 100 + ((i * 7_919) % 10_000), 100);
    const moved = presence.advance(1, 200);
    expect(moved).toHaveLength(100);
    expect(new Set(moved).size).toBe(100);
    expect(presence.advance(1, 200)).toEqual([]);
  });
});
