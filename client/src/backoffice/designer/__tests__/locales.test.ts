import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';

describeScreenTexts('seat-plan designer', {
  he: flatTexts(he.backOffice.designer),
  en: flatTexts(en.backOffice.designer),
  ru: flatTexts(ru.backOffice.designer),
  ar: flatTexts(ar.backOffice.designer),
});
