import { broadcastPrepared, socketIoEventFrame, websocketTextFrame, writePreparedFrame } from './prepared-frame';

describe('websocketTextFrame (RFC 6455 §5.2, server to client)', () => {
  test.each([
    [0, [0x81, 0], 2],
    [125, [0x81, 125], 2],
    [126, [0x81, 126, 0, 126], 4],
    [65_535, [0x81, 126, 0xff, 0xff], 4],
    [65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0], 10],
  ])('%i bytes: header %j, payload after %i bytes, never masked', (length, header, offset) => {
    const data = Buffer.alloc(length, 0x61);
    const frame = websocketTextFrame(data);
    expect([...frame.subarray(0, offset)]).toEqual(header);
    expect(frame.length).toBe(offset + length);
    expect(frame.subarray(offset).equals(data)).toBe(true);
    expect(frame[1]! & 0x80).toBe(0);
  });
});

describe('socketIoEventFrame', () => {
  test('engine.io message + socket.io event on the main namespace, as socket.io would write it', () => {
    const frame = socketIoEventFrame('seat:delta', { rows: [[1, 'א', 2]], toVersion: 7 });
    expect(frame.subarray(2).toString()).toBe('42["seat:delta",{"rows":[[1,"א",2]],"toVersion":7}]');
    expect(frame[1]).toBe(Buffer.byteLength('42["seat:delta",{"rows":[[1,"א",2]],"toVersion":7}]'));
  });
});

describe('writePreparedFrame', () => {
  const frame = Buffer.from([0x81, 0]);
  const connection = (over: Record<string, unknown> = {}, transport: Record<string, unknown> = {}) => {
    const sent: Buffer[][] = [];
    const conn = {
      readyState: 'open',
      upgrading: false,
      writeBuffer: [],
      ...over,
      transport: {
        name: 'websocket',
        socket: { readyState: 1, _sender: { sendFrame: (list: Buffer[]) => sent.push(list) } },
        ...transport,
      },
    };
    return { conn, sent };
  };

  test('an open websocket with nothing queued gets the frame in one write', () => {
    const { conn, sent } = connection();
    expect(writePreparedFrame(conn, frame)).toBe(true);
    expect(sent).toEqual([[frame]]);
  });

  test.each([
    ['engine.io still holds packets the frame would overtake', { writeBuffer: [{ type: 'message' }] }, {}],
    ['an upgrade is under way', { upgrading: true }, {}],
    ['the connection is closing', { readyState: 'closing' }, {}],
    ['long polling', {}, { name: 'polling' }],
    ['compression', {}, { perMessageDeflate: {} }],
    ['the websocket is closing', {}, { socket: { readyState: 2, _sender: { sendFrame: () => undefined } } }],
    ['a ws without the sender this relies on', {}, { socket: { readyState: 1 } }],
  ])('refused (sent the ordinary way) when %s', (_why, over, transport) => {
    const { conn, sent } = connection(over, transport);
    expect(writePreparedFrame(conn, frame)).toBe(false);
    expect(sent).toEqual([]);
  });
});

describe('broadcastPrepared', () => {
  const socket = (id: string, transport: string, connected = true) => {
    const frames: Buffer[] = [];
    const emitted: unknown[] = [];
    return {
      id,
      frames,
      emitted,
      connected,
      conn: {
        readyState: 'open',
        writeBuffer: [],
        transport: {
          name: transport,
          socket: { readyState: 1, _sender: { sendFrame: (l: Buffer[]) => frames.push(...l) } },
        },
      },
      emit: (event: string, payload: unknown) => emitted.push([event, payload]),
    };
  };
  const serverOf = (rooms: Record<string, string[]>, sockets: ReturnType<typeof socket>[]) => ({
    sockets: {
      adapter: { rooms: new Map(Object.entries(rooms).map(([k, v]) => [k, new Set(v)])) },
      sockets: new Map(sockets.map((s) => [s.id, s])),
    },
  });

  test('one frame for every websocket of the rooms, once each; polling sockets the ordinary way; closed ones skipped', () => {
    const a = socket('a', 'websocket');
    const b = socket('b', 'websocket');
    const c = socket('c', 'polling');
    const d = socket('d', 'websocket', false);
    const server = serverOf({ near: ['a', 'c', 'd'], far: ['b', 'a'], other: ['x'] }, [a, b, c, d]);
    broadcastPrepared(server, ['near', 'far', 'missing'], 'queue:progress', { removed: 3 });
    expect(a.frames).toHaveLength(1);
    expect(b.frames).toHaveLength(1);
    expect(a.frames[0]).toBe(b.frames[0]);
    expect(a.frames[0]!.subarray(2).toString()).toBe('42["queue:progress",{"removed":3}]');
    expect(c.emitted).toEqual([['queue:progress', { removed: 3 }]]);
    expect(d.frames).toHaveLength(0);
    expect(d.emitted).toHaveLength(0);
  });

  test('rooms nobody is in: nothing is built or sent', () => {
    const a = socket('a', 'websocket');
    broadcastPrepared(serverOf({ near: [] }, [a]), ['near', 'far'], 'e', {});
    expect(a.frames).toHaveLength(0);
  });
});
