import { describeScreenTexts, flatTexts } from '../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';

describeScreenTexts('door scanner', {
  he: flatTexts(he.scan),
  en: flatTexts(en.scan),
  ru: flatTexts(ru.scan),
  ar: flatTexts(ar.scan),
});
