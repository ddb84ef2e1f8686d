import type { CartKind } from '../../rules/orders/cart-kind';
import { customerFormForKind } from '../customer-form-for-kind';
import { DEFAULT_CUSTOMER_FORM, resolveCustomerFormConfig } from '../customer-schema';

describe('customerFormForKind', () => {
  it.each<[CartKind, boolean]>([
    ['tickets', false],
    ['vouchers', true],
    ['donations', true],
    ['memberships', true],
  ])('%s: SSN required %s', (kind, required) => {
    const form = customerFormForKind(DEFAULT_CUSTOMER_FORM, kind);
    expect(form.fields.ssn).toEqual(
      required ? { isIncluded: true, isRequired: true } : DEFAULT_CUSTOMER_FORM.fields.ssn,
    );
    expect(form.fields.email).toEqual(DEFAULT_CUSTOMER_FORM.fields.email);
  });

  it('keeps the rest of a deployment form', () => {
    const base = resolveCustomerFormConfig({ fields: { city: { isIncluded: true, isRequired: true } } });
    const form = customerFormForKind(base, 'donations');
    expect(form.fields.city).toEqual({ isIncluded: true, isRequired: true });
    expect(form.termsRequired).toBe(base.termsRequired);
  });
});
