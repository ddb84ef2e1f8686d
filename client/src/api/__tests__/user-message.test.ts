import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from '../client';
import { looksTechnical, userMessage } from '../user-message';

const t = (key: string) => `<${key}>`;

describe('userMessage: what a person reads for a failed call', () => {
  test.each([
    [
      'the server sentence, without its code',
      new ApiError(402, 'PAYMENT_DECLINED', 'The card was declined.'),
      true,
      'The card was declined.',
    ],
    [
      'offline wins over everything',
      new ApiError(402, 'PAYMENT_DECLINED', 'The card was declined.'),
      false,
      '<problems.offline>',
    ],
    ['no answer at all', new ApiError(0, NETWORK_ERROR, 'Failed to fetch'), true, '<problems.network>'],
    ['an answer that is not ours', new ApiError(502, BAD_RESPONSE, 'Bad Gateway'), true, '<problems.server>'],
    ['a code where a sentence should be', new ApiError(500, 'INTERNAL', 'INTERNAL_ERROR'), true, '<problems.server>'],
    ['a 4xx without a sentence', new ApiError(400, 'X', ''), true, '<problems.generic>'],
    ['a browser exception', new TypeError('Failed to fetch'), true, '<problems.generic>'],
    ['anything else', 'boom', true, '<problems.generic>'],
  ])('%s', (_what, error, online, expected) => {
    expect(userMessage(error, t, online)).toBe(expected);
  });

  test.each([
    ['Failed to fetch', true],
    ['TypeError: NetworkError when attempting to fetch resource.', true],
    ['PAYMENT_DECLINED', true],
    ['The card was declined.: PAYMENT_DECLINED', true],
    ['HTTP 502', true],
    ['העסקה נדחתה על ידי חברת האשראי. נסו כרטיס אחר.', false],
    ['The card was declined. Try another card.', false],
  ])('looksTechnical(%j) = %s', (message, expected) => {
    expect(looksTechnical(message)).toBe(expected);
  });
});
