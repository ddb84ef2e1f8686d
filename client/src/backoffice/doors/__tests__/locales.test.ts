import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import boAr from '../../locales/ar.json';
import boEn from '../../locales/en.json';
import boHe from '../../locales/he.json';
import boRu from '../../locales/ru.json';

describeScreenTexts('door screen', {
  he: { ...flatTexts(he.backOffice.doors), menu: boHe.backOffice.menu.doors },
  en: { ...flatTexts(en.backOffice.doors), menu: boEn.backOffice.menu.doors },
  ru: { ...flatTexts(ru.backOffice.doors), menu: boRu.backOffice.menu.doors },
  ar: { ...flatTexts(ar.backOffice.doors), menu: boAr.backOffice.menu.doors },
});
