import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { PageLoading } from './layout/PageLoading';
import { RootLayout } from './layout/RootLayout';
import { lazyWithReload } from './lib/lazy';
import { ErrorPage, RootErrorPage } from './system/ErrorPage';
import { NotFoundPage } from './system/NotFoundPage';

// Heavy screens load on demand; a stale chunk after a deploy reloads the page (at most once a minute).
const BookingPage = lazyWithReload(() => import('./catalogue/BookingPage'));
const FeaturePage = lazyWithReload(() => import('./catalogue/FeaturePage'));
const OrderPage = lazyWithReload(() => import('./order/OrderPage'));
const CheckoutPage = lazyWithReload(() => import('./booking/CheckoutPage'));
const PaymentPage = lazyWithReload(() => import('./booking/PaymentPage'));
const ConfirmationPage = lazyWithReload(() => import('./booking/ConfirmationPage'));
const CartPage = lazyWithReload(() => import('./booking/CartPage'));
const EDocumentPage = lazyWithReload(() => import('./edocument/EDocumentPage'));
const CustomerAreaPage = lazyWithReload(() => import('./customer-area/CustomerAreaPage'));
const BackOfficePage = lazyWithReload(() => import('./backoffice/BackOfficePage'));
const StaffSetupPage = lazyWithReload(() => import('./backoffice/StaffSetupPage'));
const SeatPlanDesignerPage = lazyWithReload(() => import('./backoffice/designer/SeatPlanDesignerPage'));
const HoldExpiredPage = lazyWithReload(() => import('./system/HoldExpiredPage'));
const PolicyPage = lazyWithReload(() => import('./system/PolicyPage'));
const GiftVouchersPage = lazyWithReload(() => import('./gifts/GiftVouchersPage'));
const VoucherHistoryPage = lazyWithReload(() => import('./gifts/VoucherHistoryPage'));
const DonationsPage = lazyWithReload(() => import('./gifts/DonationsPage'));
const OrderChangePage = lazyWithReload(() => import('./order-change/OrderChangePage'));
const VodPage = lazyWithReload(() => import('./vod/VodPage'));
const MembershipsPage = lazyWithReload(() => import('./memberships/MembershipsPage'));
const MembershipOrderPage = lazyWithReload(() => import('./memberships/MembershipOrderPage'));
const EnrolPage = lazyWithReload(() => import('./memberships/EnrolPage'));
const MiniSitePage = lazyWithReload(() => import('./storefront-modes/MiniSitePage'));
const LivePage = lazyWithReload(() => import('./storefront-modes/LivePage'));
const WaitingRoomPage = lazyWithReload(() => import('./queue/WaitingRoomPage'));
const ScanPage = lazyWithReload(() => import('./scan/ScanPage'));

/**
 * '/' -> '/booking', keeping ?lang= and any other parameters. The move happens after the first paint, so that paint
 * shows the catalogue's loading room (a screen's height, like the page's own): with nothing there, the footer was
 * painted near the top and then pushed off the screen, a first visit's layout shift (0.114 on a phone).
 */
function RedirectToBooking() {
  const { search, hash } = useLocation();
  return (
    <>
      <PageLoading route />
      <Navigate to={{ pathname: '/booking', search, hash }} replace />
    </>
  );
}

/** Spec section 2: every route leads to a working page. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        // Pathless: route errors render inside the layout, so header and language stay usable.
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <RedirectToBooking /> },
          { path: 'booking', element: <BookingPage /> },
          { path: 'booking/features/:featureId', element: <FeaturePage /> },
          { path: 'booking/checkout', element: <CheckoutPage /> },
          { path: 'booking/checkout/payment', element: <PaymentPage /> },
          { path: 'booking/confirmation/:reservationIdentifier', element: <ConfirmationPage /> },
          { path: 'booking/hold-expired', element: <HoldExpiredPage /> },
          { path: 'booking/terms', element: <PolicyPage page="terms" /> },
          { path: 'booking/cancellation-policy', element: <PolicyPage page="cancellation" /> },
          { path: 'booking/customer-portal', element: <CustomerAreaPage /> },
          { path: 'booking/customer-portal/orders/:resId/change', element: <OrderChangePage /> },
          { path: 'customer', element: <CustomerAreaPage /> },
          // A staff member's one-time setup link (no sign-in: the token is in the fragment).
          { path: 'backoffice/setup', element: <StaffSetupPage /> },
          // The seat-plan designer (venues and seat plans, 291): its own full-width screen, linked from the venues screen.
          { path: 'backoffice/seat-plans/:planId', element: <SeatPlanDesignerPage /> },
          { path: 'backoffice/:section?', element: <BackOfficePage /> },
          { path: 'backoffice/orders/:resId/change', element: <OrderChangePage staff /> },
          // /order without a presentation: choose one in the catalogue.
          { path: 'order', element: <RedirectToBooking /> },
          { path: 'order/:presentationId', element: <OrderPage /> },
          { path: 'cart/:resId', element: <CartPage /> },
          { path: 'edocument/:documentKey', element: <EDocumentPage /> },
          { path: 'mini-site/:url', element: <MiniSitePage /> },
          { path: 'vod/:resId?/:vodId', element: <VodPage /> },
          { path: 'PRES-live', element: <LivePage domain="PRES-live" /> },
          { path: 'PRES-live-v1', element: <LivePage domain="PRES-live-v1" /> },
          { path: 'membership/:membershipCode?/:membershipPriceCode?', element: <MembershipOrderPage /> },
          { path: 'memberships', element: <MembershipsPage /> },
          { path: 'memberships/enrol/:membershipCode', element: <EnrolPage /> },
          { path: 'system-vouchers/history', element: <VoucherHistoryPage /> },
          { path: 'system-vouchers/:id?', element: <GiftVouchersPage /> },
          { path: 'donations', element: <DonationsPage /> },
          { path: 'queue/:presentationId', element: <WaitingRoomPage /> },
          // The door scanner, for staff with the door permission (docs/door-checkin.md).
          { path: 'scan', element: <ScanPage /> },
          // Unknown page -> 404 (paths starting with /http are external redirects, handled there).
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
