import type { WalletApproval } from '@hotline/shared';
import { call, type Buyer } from '../../booking/support/booking-kit';

/** The SANDBOX wallet's accounts (server/src/payment/wallet/wallet-page.ts): each simulates one outcome at capture. */
export type WalletAccount = 'approve' | 'decline' | 'insufficient_funds' | 'timeout';

async function openCheckout(base: string, b: Buyer, total: string): Promise<string> {
  const form = await call(
    base,
    'GET',
    `/api/payment/wallet/form/he?recaptchaToken=${encodeURIComponent(b.token)}&total=${total}`,
    b.id,
  );
  if (form.status !== 200) throw new Error(`wallet form ${form.status} ${JSON.stringify(form.body)}`);
  return form.body.paymentFormURL as string;
}

function post(base: string, b: Buyer, url: string, fields: Record<string, string>) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { uuid: b.id, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * The wallet checkout end to end: open it, approve it on the sandbox wallet page with an account, and read the
 * approval (the spec's paypal block) the page posts to its parent window.
 */
export async function approveWallet(
  base: string,
  b: Buyer,
  account: WalletAccount = 'approve',
  total = '5000.00',
): Promise<WalletApproval> {
  const url = await openCheckout(base, b, total);
  const page = await post(base, b, url, { action: 'approve', account });
  const html = await page.text();
  const m = /"paypal":(\{[^}]+\})/.exec(html);
  if (page.status !== 200 || !m) throw new Error(`wallet page answered ${page.status}: ${html.slice(0, 400)}`);
  return JSON.parse(m[1]!) as WalletApproval;
}

/** Opens a checkout and cancels it on the wallet page: answers the page's status and HTML. */
export async function cancelWallet(base: string, b: Buyer): Promise<{ url: string; status: number; html: string }> {
  const url = await openCheckout(base, b, '100.00');
  const page = await post(base, b, url, { action: 'cancel' });
  return { url, status: page.status, html: await page.text() };
}

export { post as postWalletPage };
