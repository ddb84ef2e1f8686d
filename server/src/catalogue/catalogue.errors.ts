import { registerErrors } from '../common/app-error';

export const CatalogueErrors = registerErrors({
  FEATURE_NOT_FOUND: {
    status: 404,
    message: {
      he: 'המופע המבוקש לא נמצא.',
      en: 'The requested event or movie was not found.',
      ru: 'Событие или фильм не найдены.',
      ar: 'لم يتم العثور على العرض المطلوب.',
    },
  },
  PRESENTATION_NOT_FOUND: {
    status: 404,
    message: {
      he: 'ההצגה המבוקשת לא נמצאה.',
      en: 'The requested presentation was not found.',
      ru: 'Сеанс не найден.',
      ar: 'لم يتم العثور على العرض المطلوب.',
    },
  },
  PRODUCT_NOT_FOUND: {
    status: 404,
    message: {
      he: 'המוצר המבוקש לא נמצא.',
      en: 'The requested product was not found.',
      ru: 'Товар не найден.',
      ar: 'لم يتم العثور على المنتج المطلوب.',
    },
  },
  SEATPLAN_NOT_FOUND: {
    status: 404,
    message: {
      he: 'מפת ההושבה לא נמצאה.',
      en: 'The seat plan was not found.',
      ru: 'Схема зала не найдена.',
      ar: 'لم يتم العثور على مخطط المقاعد.',
    },
  },
});
export type CatalogueErrorCode = keyof typeof CatalogueErrors;
