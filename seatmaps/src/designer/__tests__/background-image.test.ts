import { smallVenue } from '../../__tests__/fixture';
import { backgroundImageProblem, MAX_BACKGROUND_IMAGE_BYTES, validateVenue } from '../../validate';
import { fromVenueDocument, toVenueDocument } from '../convert';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('backgroundImageProblem', () => {
  it.each([
    ['a PNG', dataUrl('image/png', PNG), null],
    ['a JPEG', dataUrl('image/jpeg', JPEG), null],
    ['a WebP', dataUrl('image/webp', WEBP), null],
    ['a path on this site', '/api/admin/seat-plans/3/background', null],
    ['another site', 'https://example.com/plan.png', /data URL or a path on this site/],
    ['a protocol-relative URL', '//example.com/plan.png', /data URL or a path on this site/],
    ['an SVG', dataUrl('image/svg+xml', Buffer.from('<svg/>')), /data URL or a path/],
    ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a')), /image\/gif is not accepted/],
    [
      'a script calling itself a PNG',
      dataUrl('image/png', Buffer.from('<script>alert(1)</script>')),
      /bytes are not image\/png$/,
    ],
    ['a JPEG calling itself a PNG', dataUrl('image/png', JPEG), /bytes are not image\/png$/],
    ['broken base64', 'data:image/png;base64,iVBOR*w0K', /not valid base64/],
    [
      'an image over the limit',
      dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(MAX_BACKGROUND_IMAGE_BYTES)])),
      /is 3\.0 MB; at most 3\.0 MB$/,
    ],
  ])('%s', (_name, src, expected) => {
    const problem = backgroundImageProblem(src);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('is checked by the validator at its JSON pointer', () => {
    const doc = smallVenue() as any;
    doc.decor = { background: { src: dataUrl('image/png', JPEG), opacity: 0.5, scale: 1, offset: { x: 0, y: 0 } } };
    expect(() => validateVenue(doc, 'small')).toThrow(
      'small: /decor/background/src: background image bytes are not image/png',
    );
  });
});

describe('a locked floor plan', () => {
  const background = (extra: object) => ({
    src: dataUrl('image/png', PNG),
    opacity: 0.5,
    scale: 1,
    offset: { x: 0, y: 0 },
    ...extra,
  });

  it.each([
    ['locked', { locked: true }, null],
    ['unlocked', { locked: false }, null],
    ['without the field (older drafts)', {}, null],
    ['a lock that is not true or false', { locked: 'yes' }, /\/decor\/background\/locked/],
  ])('%s', (_name, extra, expected) => {
    const doc = smallVenue() as any;
    doc.decor = { background: background(extra) };
    if (expected === null) expect(() => validateVenue(doc, 'small')).not.toThrow();
    else expect(() => validateVenue(doc, 'small')).toThrow(expected);
  });

  it('travels through the designer model unchanged', () => {
    const doc = smallVenue() as any;
    doc.decor = { background: background({ locked: true }) };
    expect(toVenueDocument(fromVenueDocument(doc)).decor?.background).toEqual(background({ locked: true }));
  });
});
