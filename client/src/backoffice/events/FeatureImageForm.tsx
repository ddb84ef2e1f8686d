import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGE_BYTES, type AdminFeature } from '@hotline/shared';
import type { SupportedLocale } from '../../i18n/locale';
import { Named } from './event-ui';

const K = 'backOffice.events.image';

/**
 * An event's image: the one buyers see on the storefront (or a note that they see the generated placeholder), and a
 * file picker for a new one, and a button that removes it. The server checks the file's bytes, size and dimensions and answers in the reader's
 * language; the picker only offers the three types it takes.
 */
export function FeatureImageForm({
  feature,
  locale,
  busy,
  onUpload,
  onRemove,
}: {
  feature: AdminFeature;
  locale: SupportedLocale;
  busy: boolean;
  onUpload: (file: File) => Promise<unknown>;
  /** Takes the image away: buyers see the placeholder again. */
  onRemove: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      await onUpload(file);
    } finally {
      input.value = '';
    }
  };
  return (
    <div className="bo-event-image" data-testid="bo-event-image">
      <h4>{t(`${K}.title`)}</h4>
      {feature.image ? (
        <img
          className="bo-event-image-preview"
          src={feature.image}
          alt={t(`${K}.alt`)}
          width={120}
          height={180}
          data-testid="bo-event-image-preview"
        />
      ) : (
        <p className="bo-hint">{t(`${K}.placeholder`)}</p>
      )}
      <label className="button bo-event-image-upload">
        {t(feature.image ? `${K}.replace` : `${K}.upload`)}
        <span className="visually-hidden">
          {': '}
          <Named names={feature.name} locale={locale} />
        </span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          disabled={busy}
          aria-describedby={hintId}
          data-testid="bo-event-image-input"
          onChange={(e) => void choose(e)}
        />
      </label>
      {feature.image && (
        <button
          type="button"
          className="bo-event-image-remove"
          disabled={busy}
          data-testid="bo-event-image-remove"
          onClick={() => void onRemove()}
        >
          {t(`${K}.remove`)}
          <span className="visually-hidden">
            {': '}
            <Named names={feature.name} locale={locale} />
          </span>
        </button>
      )}
      <p id={hintId} className="bo-hint">
        {t(`${K}.hint`, { max: (MAX_IMAGE_BYTES / (1024 * 1024)).toLocaleString(locale) })}
      </p>
    </div>
  );
}
