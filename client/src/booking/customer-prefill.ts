import type { CustomerAreaInfo, CustomerDetailsInput } from '@hotline/shared';
import { apiRequest } from '../api/client';

/** The logged-in customer's details in the checkout form's shape (the terms are never pre-ticked). */
export function detailsOfCustomer(c: CustomerAreaInfo): CustomerDetailsInput {
  return {
    firstName: c.FirstName || null,
    lastName: c.LastName || null,
    ssn: c.SSN ?? null,
    email: c.EmailAddress1 ?? null,
    mobileNumber: c.MobileNumber1 || null,
    verifyMobileNumber: c.MobileNumber1 || null,
    address1: c.Address1 ?? null,
    address2: c.Address2 ?? null,
    city: c.City ?? null,
    postalCode: c.PostalCode ?? null,
    dateOfBirth: c.DateOfBirth ?? null,
    isMailingAllowed: c.IsEmailAllowed,
  };
}

/**
 * Checkout pre-fill (issue 11): the customer-session's details from POST /api/customer/refresh, or
 * null when nobody is logged in (401) or the call fails - the form then starts empty, as before.
 */
export async function loggedInCustomerDetails(signal: AbortSignal): Promise<CustomerDetailsInput | null> {
  try {
    const r = await apiRequest<{ customerInfo: CustomerAreaInfo }>('/customer/refresh', { method: 'POST', signal });
    return detailsOfCustomer(r.customerInfo);
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}
