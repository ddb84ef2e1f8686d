import './locale-first';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import OrderPage from '../src/order/OrderPage';
import '../src/styles/index.css';

/**
 * Benchmark entry (load-tests/seatmap.bench.mjs): the REAL order page and seat
 * map — same components, same renderer, same API calls — without the rest of
 * the storefront, so a benchmark build does not depend on unrelated pages.
 * Built by client/bench/vite.config.ts into .tmp/seatmap-bench-dist.
 */
// The benchmark's synthetic plans have no staff: box office (--boxoffice) runs without a back-office session here.
(window as { __HOTLINE_BENCH__?: boolean }).__HOTLINE_BENCH__ = true;

const router = createBrowserRouter([
  {
    path: '/order/:presentationId',
    element: (
      <main id="main" className="site-main">
        <OrderPage />
      </main>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
