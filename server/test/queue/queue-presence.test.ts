import { farFrom, QueuePresence, type BandMove } from '../../src/queue/queue-presence';

const INF = Number.POSITIVE_INFINITY;
/** Two bands as before: near below `from`, far from it on. */
const two = (from: number) => [from, INF];
const ids = (moves: BandMove[]) => moves.map((m) => m.socketId);

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
    // the last band reaches every number
    [10, 5_000, INF, INF],
  ])('removed %i at %i/min, %i s -> %i', (removed, perMinute, seconds, expected) => {
    expect(farFrom(removed, perMinute, seconds)).toBe(expected);
  });
});

describe('QueuePresence bands', () => {
  const until = Number.MAX_SAFE_INTEGER;

  test.each([
    // ticket number, first far number, band
    [null, 10, 0],
    [0, 10, 0],
    [9, 10, 0],
    [10, 10, 1],
    [5_000, 10, 1],
  ] as const)('number %p with far from %i is %s', (ticketNo, from, band) => {
    expect(new QueuePresence().subscribe('s', 1, 'v', until, ticketNo, two(from))).toBe(band);
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
    for (const [socket, n] of numbers) expect(presence.subscribe(socket, 1, socket, until, n, two(10))).toBe(1);
    expect(presence.subscribe('other', 2, 'other', until, 11, two(10))).toBe(1);
    expect(ids(presence.advance(1, two(10)))).toEqual([]);
    expect(ids(presence.advance(1, two(13))).sort()).toEqual(['s12', 's12b']);
    expect(ids(presence.advance(1, two(13)))).toEqual([]);
    // A jump (many dropped at the head at once) moves everything it passed in one go.
    expect(ids(presence.advance(1, two(31)))).toEqual(['s20', 's30']);
    expect(ids(presence.advance(1, two(1_000)))).toEqual(['s40']);
    expect(ids(presence.advance(2, two(12)))).toEqual(['other']);
  });

  test('a far socket that disconnects or subscribes again leaves the far list; its tab twin stays', () => {
    const presence = new QueuePresence();
    presence.subscribe('a', 1, 'v', until, 50, two(10));
    presence.subscribe('b', 1, 'v', until, 50, two(10));
    presence.subscribe('c', 1, 'w', until, 60, two(10));
    presence.forget('a');
    // Subscribing again (a reconnect, another presentation) replaces the socket's entry.
    presence.subscribe('c', 2, 'w', until, 60, two(10));
    expect(ids(presence.advance(1, two(1_000)))).toEqual(['b']);
    expect(ids(presence.advance(2, two(1_000)))).toEqual(['c']);
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
    for (let i = 0; i < 10_000; i++)
      presence.subscribe(`s${i}`, 1, `v${i}`, until, 100 + ((i * 7_919) % 10_000), two(100));
    const moved = ids(presence.advance(1, two(200)));
    expect(moved).toHaveLength(100);
    expect(new Set(moved).size).toBe(100);
    expect(ids(presence.advance(1, two(200)))).toEqual([]);
  });

  test('four bands: a page moves to the band its number is now in, possibly past one, and only nearer', () => {
    const presence = new QueuePresence();
    // Ends: near below 10, band 1 below 50, band 2 below 150, band 3 the rest.
    const ends = (removed: number) => [removed + 10, removed + 50, removed + 150, INF];
    expect(presence.subscribe('n', 1, 'n', until, 5, ends(0))).toBe(0);
    expect(presence.subscribe('b1', 1, 'b1', until, 30, ends(0))).toBe(1);
    expect(presence.subscribe('b2', 1, 'b2', until, 100, ends(0))).toBe(2);
    expect(presence.subscribe('b3', 1, 'b3', until, 400, ends(0))).toBe(3);
    expect(presence.subscribe('b3b', 1, 'b3b', until, 180, ends(0))).toBe(3);
    expect(presence.advance(1, ends(0))).toEqual([]);
    // removed 40: 30 is near, 100 stays in band 2 (band 1 ends at 90), 180 comes into band 2 (it ends at 190).
    expect(presence.advance(1, ends(40))).toEqual([
      { socketId: 'b1', from: 1, to: 0 },
      { socketId: 'b3b', from: 3, to: 2 },
    ]);
    // A jump: 100 straight to near, 180 from band 2 to near too, 400 to band 1.
    expect(presence.advance(1, ends(360))).toEqual([
      { socketId: 'b2', from: 2, to: 0 },
      { socketId: 'b3b', from: 2, to: 0 },
      { socketId: 'b3', from: 3, to: 1 },
    ]);
    // A lowered rate (narrower ends) moves nobody back.
    expect(presence.advance(1, [361, 362, 363, INF])).toEqual([]);
    expect(presence.advance(1, ends(400))).toEqual([{ socketId: 'b3', from: 1, to: 0 }]);
  });

  test('pages moved into a band keep its order: the nearest leave it first', () => {
    const presence = new QueuePresence();
    // 800 joins band 1 at a time its ends were wider (a raised rate), then 700 and 900 come in from band 3.
    presence.subscribe('p800', 1, 'a', until, 800, [10, 1_000, 2_000, INF]);
    presence.subscribe('p900', 1, 'b', until, 900, [10, 50, 100, INF]);
    presence.subscribe('p700', 1, 'c', until, 700, [10, 50, 100, INF]);
    expect(ids(presence.advance(1, [10, 1_000, 2_000, INF])).sort()).toEqual(['p700', 'p900']);
    expect(ids(presence.advance(1, [750, 1_000, 2_000, INF]))).toEqual(['p700']);
    expect(ids(presence.advance(1, [850, 1_000, 2_000, INF]))).toEqual(['p800']);
    expect(ids(presence.advance(1, [901, 1_000, 2_000, INF]))).toEqual(['p900']);
  });
});
