import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';

describeScreenTexts('staff setup page', {
  he: flatTexts(he.backOffice.setup),
  en: flatTexts(en.backOffice.setup),
  ru: flatTexts(ru.backOffice.setup),
  ar: flatTexts(ar.backOffice.setup),
});
