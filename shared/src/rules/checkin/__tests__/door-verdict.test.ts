import { doorVerdict, type DoorScan, type DoorTicket } from '../door-verdict';

const show = new Date('2026-12-01T18:00:00Z');
const ticket: DoorTicket = {
  presentationId: 7,
  sectionId: 2,
  x: 5,
  y: 1,
  ticketStatus: 'live',
  reservationState: 'paid',
  showAt: show,
  doorsOpenMinutes: 60,
  rotatingCode: false,
};
const scan: DoorScan = {
  presentationId: 7,
  codePresentationId: 7,
  codeSeat: { sectionId: 2, x: 5, y: 1 },
  rotating: false,
  at: new Date('2026-12-01T17:30:00Z'),
};

describe('doorVerdict', () => {
  it.each<[string, DoorTicket | null, DoorScan, ReturnType<typeof doorVerdict>]>([
    ['a paid ticket at its show, doors open', ticket, scan, 'proceed'],
    [
      'an HLT1 code (no presentation or seat named)',
      ticket,
      { ...scan, codePresentationId: null, codeSeat: null },
      'proceed',
    ],
    ['no such ticket', null, scan, 'not-valid'],
    [
      'a static code at a show that asks for the rotating one',
      { ...ticket, rotatingCode: true },
      scan,
      'rotating-code-required',
    ],
    [
      'a typed number or HLT1 code at a show that asks for the rotating one',
      { ...ticket, rotatingCode: true },
      { ...scan, codePresentationId: null, codeSeat: null },
      'rotating-code-required',
    ],
    [
      'a fresh rotating code at a show that asks for it (it names no seat)',
      { ...ticket, rotatingCode: true },
      { ...scan, codePresentationId: null, codeSeat: null, rotating: true },
      'proceed',
    ],
    [
      'a fresh rotating code, cancelled ticket',
      { ...ticket, rotatingCode: true, ticketStatus: 'cancelled' },
      { ...scan, codePresentationId: null, codeSeat: null, rotating: true },
      'cancelled',
    ],
    [
      'a rotating code at a show without it (the code is genuine)',
      ticket,
      { ...scan, codePresentationId: null, codeSeat: null, rotating: true },
      'proceed',
    ],
    [
      'a static code at a rotating show, cancelled: cancelled first',
      { ...ticket, rotatingCode: true, ticketStatus: 'cancelled' },
      scan,
      'cancelled',
    ],
    [
      'a static code of a rotating show at another show’s gate',
      { ...ticket, rotatingCode: true },
      { ...scan, presentationId: 9 },
      'wrong-presentation',
    ],
    [
      'a static code of a moved seat at a rotating show: the live code first',
      { ...ticket, rotatingCode: true, x: 6 },
      scan,
      'rotating-code-required',
    ],
    ['the code names another show than the ticket has', ticket, { ...scan, codePresentationId: 8 }, 'not-valid'],
    ['a cancelled ticket', { ...ticket, ticketStatus: 'cancelled' }, scan, 'cancelled'],
    ['a cancelled order', { ...ticket, reservationState: 'cancelled' }, scan, 'cancelled'],
    ['a refunded order', { ...ticket, reservationState: 'refunded' }, scan, 'cancelled'],
    [
      'cancelled, at the wrong show too: cancelled first',
      { ...ticket, ticketStatus: 'cancelled' },
      { ...scan, presentationId: 9 },
      'cancelled',
    ],
    ['an unpaid hold', { ...ticket, reservationState: 'hold' }, scan, 'not-valid'],
    ['at another show’s gate', ticket, { ...scan, presentationId: 9 }, 'wrong-presentation'],
    ['the seat was changed since the code was issued', { ...ticket, x: 6 }, scan, 'seat-changed'],
    ['moved to another section', { ...ticket, sectionId: 3 }, scan, 'seat-changed'],
    ['moved to another row', { ...ticket, y: 2 }, scan, 'seat-changed'],
    ['one minute before the doors open', ticket, { ...scan, at: new Date('2026-12-01T16:59:00Z') }, 'too-early'],
    ['the moment the doors open', ticket, { ...scan, at: new Date('2026-12-01T17:00:00Z') }, 'proceed'],
    ['after the show started (late arrival)', ticket, { ...scan, at: new Date('2026-12-01T18:40:00Z') }, 'proceed'],
  ])('%s', (_name, t, s, expected) => {
    expect(doorVerdict(t, s)).toBe(expected);
  });
});
