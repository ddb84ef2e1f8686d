import type { CustomerAreaInfo, CustomerDetailsInput } from '@hotline/shared';
import { ApiError, apiRequest } from '../api/client';
import { customerSessionHint } from '../lib/customer-session-hint';

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
 * Checkout pre-fill: the customer-session's details from POST /api/customer/refresh, or
 * null when nobody is logged in (401) or the call fails - the form then starts empty, as before.
 */
export async function loggedInCustomerDetails(signal: AbortSignal): Promise<CustomerDetailsInput | null> {
  // Nobody signed in from this browser: no call, no 401 in the console (lib/customer-session-hint.ts).
  if (!customerSessionHint.likely()) return null;
  try {
    const r = await apiRequest<{ customerInfo: CustomerAreaInfo }>('/customer/refresh', { method: 'POST', signal });
    customerSessionHint.signedIn();
    return detailsOfCustomer(r.customerInfo);
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof ApiError && error.status === 401) customerSessionHint.signedOut();
    return null;
  }
}
