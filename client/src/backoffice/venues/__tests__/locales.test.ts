import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import boAr from '../../locales/ar.json';
import boEn from '../../locales/en.json';
import boHe from '../../locales/he.json';
import boRu from '../../locales/ru.json';

describeScreenTexts('venues screen', {
  he: { ...flatTexts(he.backOffice.venues), menu: boHe.backOffice.menu.venues },
  en: { ...flatTexts(en.backOffice.venues), menu: boEn.backOffice.menu.venues },
  ru: { ...flatTexts(ru.backOffice.venues), menu: boRu.backOffice.menu.venues },
  ar: { ...flatTexts(ar.backOffice.venues), menu: boAr.backOffice.menu.venues },
});
