import { couponNeedsMoreTicketsMessage, couponNoEligibleTicketsMessage, couponUsedUpMessage } from '../coupon-messages';
import type { SupportedLocale } from '../../locale/supported-locale';

describe('couponNeedsMoreTicketsMessage', () => {
  it.each<[SupportedLocale, number, string]>([
    // Hebrew: the spec's texts, verbatim
    ['he', 1, 'למימוש הקופון יש להוסיף כרטיס נוסף.'],
    ['he', 2, 'למימוש הקופון יש להוסיף 2 כרטיסים נוספים.'],
    ['he', 3, 'למימוש הקופון יש להוסיף 3 כרטיסים נוספים.'],
    ['he', 11, 'למימוש הקופון יש להוסיף 11 כרטיסים נוספים.'],
    ['en', 1, 'Add one more ticket to use this coupon.'],
    ['en', 2, 'Add 2 more tickets to use this coupon.'],
    ['ru', 1, 'Чтобы воспользоваться купоном, добавьте ещё один билет.'],
    ['ru', 2, 'Чтобы воспользоваться купоном, добавьте ещё 2 билета.'],
    ['ru', 4, 'Чтобы воспользоваться купоном, добавьте ещё 4 билета.'],
    ['ru', 5, 'Чтобы воспользоваться купоном, добавьте ещё 5 билетов.'],
    ['ru', 11, 'Чтобы воспользоваться купоном, добавьте ещё 11 билетов.'],
    ['ru', 21, 'Чтобы воспользоваться купоном, добавьте ещё 21 билет.'],
    ['ru', 22, 'Чтобы воспользоваться купоном, добавьте ещё 22 билета.'],
    ['ar', 1, 'لاستخدام الكوبون يجب إضافة تذكرة أخرى.'],
    ['ar', 2, 'لاستخدام الكوبون يجب إضافة تذكرتين إضافيتين.'],
    ['ar', 3, 'لاستخدام الكوبون يجب إضافة 3 تذاكر إضافية.'],
    ['ar', 10, 'لاستخدام الكوبون يجب إضافة 10 تذاكر إضافية.'],
    ['ar', 11, 'لاستخدام الكوبون يجب إضافة 11 تذكرة إضافية.'],
    ['ar', 100, 'لاستخدام الكوبون يجب إضافة 100 تذكرة إضافية.'],
  ])('%s, %p missing', (locale, missing, expected) => {
    expect(couponNeedsMoreTicketsMessage(missing, locale)).toBe(expected);
  });

  it('defaults to Hebrew', () => {
    expect(couponNeedsMoreTicketsMessage(1)).toBe('למימוש הקופון יש להוסיף כרטיס נוסף.');
  });

  it.each([0, -1, 1.5, NaN])('rejects %p missing tickets', (missing) => {
    expect(() => couponNeedsMoreTicketsMessage(missing)).toThrow('missingTickets must be a positive integer');
  });
});

describe('coupon used-up and no-eligible messages', () => {
  it.each<[SupportedLocale, string, string]>([
    ['he', 'קוד קופון כבר שומש, אנא נסו קופון אחר.', 'לא נמצאו כרטיסים שניתן להחיל עליהם את הקופון.'],
    [
      'en',
      'This coupon code has already been used, please try another coupon.',
      'No tickets were found that this coupon can be applied to.',
    ],
    [
      'ru',
      'Этот код купона уже использован, попробуйте другой купон.',
      'Не найдено билетов, к которым можно применить купон.',
    ],
    ['ar', 'رمز الكوبون مستخدم بالفعل، يرجى تجربة كوبون آخر.', 'لم يتم العثور على تذاكر يمكن تطبيق الكوبون عليها.'],
  ])('%s', (locale, usedUp, noEligible) => {
    expect(couponUsedUpMessage(locale)).toBe(usedUp);
    expect(couponNoEligibleTicketsMessage(locale)).toBe(noEligible);
  });

  it('defaults to Hebrew', () => {
    expect(couponUsedUpMessage()).toBe('קוד קופון כבר שומש, אנא נסו קופון אחר.');
    expect(couponNoEligibleTicketsMessage()).toBe('לא נמצאו כרטיסים שניתן להחיל עליהם את הקופון.');
  });
});
