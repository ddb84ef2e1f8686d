import { backOfficeMenuFor } from '../back-office-menu';

describe('backOfficeMenuFor', () => {
  it.each([
    [[], []],
    [[266], ['presentations-report']],
    [[267], ['producer-ticket-sale']],
    [[268], ['producer-reservations']],
    [
      [268, 266],
      ['presentations-report', 'producer-reservations'],
    ],
    [
      [266, 267, 268],
      ['presentations-report', 'producer-ticket-sale', 'producer-reservations'],
    ],
    [[1, 265, 270], []],
    [[269], ['ticket-references']],
    [[290], ['on-sales']],
    [
      [290, 269, 266],
      ['presentations-report', 'ticket-references', 'on-sales'],
    ],
    [[291], ['venues', 'events']],
    [
      [291, 290, 266],
      ['presentations-report', 'on-sales', 'venues', 'events'],
    ],
    [[292], ['staff', 'audit']],
    [[293], ['doors']],
    [
      [293, 292, 291],
      ['venues', 'events', 'doors', 'staff', 'audit'],
    ],
    [
      [292, 291, 266],
      ['presentations-report', 'venues', 'events', 'staff', 'audit'],
    ],
    [[266, 266], ['presentations-report']],
  ])('permissions %j -> %j', (permissions, ids) => {
    expect(backOfficeMenuFor(permissions).map((i) => i.id)).toEqual(ids);
  });
});
