import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCartStore } from './cart-store';

/**
 * The cart button (spec section 2) for the site header: how many seats the
 * visitor holds, linking to the order (/cart/:resId once saved). Hidden while
 * the cart is empty. Styled for the dark header.
 */
export function CartButton() {
  const { t } = useTranslation();
  const count = useCartStore((s) => s.seats.length);
  const resId = useCartStore((s) => s.resId);
  if (count === 0) return null;
  return (
    <Link
      className="cart-button"
      to={resId ? `/cart/${resId}` : '/booking/checkout'}
      aria-label={t('cartButton.label', { count })}
      data-testid="cart-button"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M4 8h16l-1.5 11h-13zM9 8V6a3 3 0 016 0v2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="cart-button__count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
