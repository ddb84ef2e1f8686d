import { useId } from 'react';
import { StepActions } from './StepActions';
import { useTranslation } from 'react-i18next';
import { useFocusOnAppear } from '../hooks/useFocusOnAppear';
import { useLocale } from '../hooks/useLocale';
import { CatalogueText } from '../components/CatalogueText';
import { useCartStore } from './cart-store';
import { useBookingCatalogue } from './catalogue-store';
import { moneyOfShekels, productName } from './format';
import { usePresentationDetails } from './hooks';

export interface ProductsStepProps {
  presentationId: number;
  onContinue?: () => void;
  onBack?: () => void;
  continueLabel?: string;
  headingLevel?: 2 | 3;
  /** Focus the step's heading when it appears (the order page, after a step change). */
  focusHeading?: boolean;
}

const MAX_QUANTITY = 50;

/**
 * Choose products (spec sections 2 and 3): merchandise and snacks sold where the
 * presentation plays, each with its image and a quantity stepper. Optional:
 * continuing with none is fine.
 */
export function ProductsStep({
  presentationId,
  onContinue,
  onBack,
  continueLabel,
  headingLevel = 2,
  focusHeading = false,
}: ProductsStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const entry = usePresentationDetails(presentationId);
  const quantities = useCartStore((s) => s.products);
  const setQuantity = useCartStore((s) => s.setProductQuantity);
  const H = `h${headingLevel}` as const;
  const headingRef = useFocusOnAppear<HTMLHeadingElement>(focusHeading);
  // Product names are one level below the step's title (axe heading-order).
  const Sub = headingLevel === 2 ? 'h3' : 'h4';

  if (entry?.status === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p className="notice__title">{t('productsStep.loadError')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void useBookingCatalogue.getState().retry(presentationId)}
        >
          {t('booking.retry')}
        </button>
      </div>
    );
  }
  if (!entry?.presentation) {
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('productsStep.loading')}
      </div>
    );
  }
  const products = entry.presentation.products;

  return (
    <section
      className="booking-card products-step"
      aria-labelledby={titleId}
      data-testid={`products-step-${presentationId}`}
    >
      <header className="booking-card__head">
        <H id={titleId} className="booking-card__title" tabIndex={-1} ref={headingRef}>
          {t('productsStep.title')}
        </H>
        <p className="booking-card__sub">{t('productsStep.intro')}</p>
      </header>
      {products.length === 0 ? (
        <p className="muted">{t('productsStep.none')}</p>
      ) : (
        <ul className="plain product-grid">
          {products.map((product) => {
            const name = productName(product, locale);
            const quantity = quantities.find((q) => q.id === product.id)?.quantity ?? 0;
            // The most this order may take: the product's own limit and what its stock had left (the commit decides).
            const max = Math.min(MAX_QUANTITY, product.perOrder ?? MAX_QUANTITY, product.available ?? MAX_QUANTITY);
            return (
              <li
                key={product.id}
                className={`product-card${quantity > 0 ? ' product-card--chosen' : ''}`}
                data-testid="product-card"
              >
                <img className="product-card__image" src={product.image} alt="" width="96" height="96" loading="lazy" />
                <div className="product-card__body">
                  <Sub className="product-card__name">
                    <CatalogueText locale={locale}>{name}</CatalogueText>
                  </Sub>
                  <p className="product-card__price">{moneyOfShekels(product.price, locale)}</p>
                  {product.available === 0 && <p className="muted">{t('productsStep.soldOut')}</p>}
                  {product.available !== 0 && product.perOrder != null && (
                    <p className="muted">{t('productsStep.perOrder', { max: product.perOrder })}</p>
                  )}
                </div>
                <div className="stepper-input" role="group" aria-label={t('productsStep.quantityOf', { name })}>
                  <button
                    type="button"
                    className="stepper-input__button"
                    onClick={() => setQuantity(product.id, quantity - 1)}
                    disabled={quantity === 0}
                    aria-label={t('productsStep.less', { name })}
                  >
                    −
                  </button>
                  <output
                    className="stepper-input__value"
                    aria-live="polite"
                    aria-label={t('productsStep.quantity', { name, count: quantity })}
                  >
                    {quantity}
                  </output>
                  <button
                    type="button"
                    className="stepper-input__button"
                    onClick={() => setQuantity(product.id, quantity + 1)}
                    disabled={quantity >= max}
                    aria-label={t('productsStep.more', { name })}
                  >
                    +
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <StepActions onBack={onBack} onContinue={onContinue} continueLabel={continueLabel} />
    </section>
  );
}
