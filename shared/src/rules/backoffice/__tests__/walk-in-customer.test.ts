import { walkInCustomer } from '../walk-in-customer';

describe('walkInCustomer', () => {
  it.each([
    ['Dana Levi', '050-123-4567', { firstName: 'Dana', lastName: 'Levi', mobileNumber: '0501234567' }],
    ['  דנה   בת  לוי ', '+972 52 765 4321', { firstName: 'דנה', lastName: 'בת לוי', mobileNumber: '0527654321' }],
    ['Madonna', '0541112233', { firstName: 'Madonna', lastName: '', mobileNumber: '0541112233' }],
  ])('%p / %p -> %j', (name, mobile, customer) => {
    expect(walkInCustomer(name, mobile)).toEqual({ ok: true, customer });
  });

  it.each([
    ['', '0501234567', ['customerName']],
    ['D', '0501234567', ['customerName']],
    ['x'.repeat(101), '0501234567', ['customerName']],
    ['Dana Levi', '031234567', ['mobileNumber']],
    ['Dana Levi', '', ['mobileNumber']],
    [undefined, undefined, ['customerName', 'mobileNumber']],
    [42, 501234567, ['customerName', 'mobileNumber']],
  ])('%p / %p -> refused on %j', (name, mobile, issues) => {
    expect(walkInCustomer(name, mobile)).toEqual({ ok: false, issues });
  });
});
