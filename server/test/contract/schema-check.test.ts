import { schemaProblem } from '../../src/api-docs/schema-check';

const components = {
  Seat: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
};

test.each([
  ['a string', 'a', { type: 'string' }, null],
  ['a number for a string', 1, { type: 'string' }, '/ must be a string'],
  ['an ISO date', '2026-11-29T12:00:00.000Z', { type: 'string', format: 'date-time' }, null],
  ['not a date', 'soon', { type: 'string', format: 'date-time' }, '/ must be a date-time'],
  ['null where nullable', null, { type: 'string', nullable: true }, null],
  ['null where not', null, { type: 'number' }, '/ must not be null'],
  [
    'null as one of two forms',
    null,
    { anyOf: [{ type: 'string' }, { type: 'string', nullable: true, enum: [null] }] },
    null,
  ],
  ['a literal', 'live', { type: 'string', enum: ['live', 'cancelled'] }, null],
  ['another literal', 'gone', { type: 'string', enum: ['live'] }, '/ must be one of ["live"]'],
  ['a ref', { x: 1 }, { $ref: '#/components/schemas/Seat' }, null],
  ['a ref missing its field', {}, { $ref: '#/components/schemas/Seat' }, "/ must have required property 'x'"],
  [
    'an item deep down',
    { seats: [{ x: 1 }, { x: '2' }] },
    { type: 'object', properties: { seats: { type: 'array', items: { $ref: '#/components/schemas/Seat' } } } },
    '/seats/1/x must be a number',
  ],
  ['one of two forms', 3, { anyOf: [{ type: 'string' }, { type: 'number' }] }, null],
  [
    'none of two forms',
    true,
    { anyOf: [{ type: 'string' }, { type: 'number' }] },
    '/ matches none of its 2 forms (/ must be a string)',
  ],
  ['a map', { a: 1, b: 2 }, { type: 'object', additionalProperties: { type: 'number' } }, null],
  [
    'a map with a bad value',
    { a: 'x' },
    { type: 'object', additionalProperties: { type: 'number' } },
    '/a must be a number',
  ],
  [
    'a tuple too long',
    [1, 2, 3],
    { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } },
    '/ is too long',
  ],
  ['anything for an empty schema', { any: ['thing'] }, {}, null],
])('%s', (_name, value, schema, problem) => {
  expect(schemaProblem(value, schema, components)).toBe(problem);
});
