import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import boAr from '../../locales/ar.json';
import boEn from '../../locales/en.json';
import boHe from '../../locales/he.json';
import boRu from '../../locales/ru.json';

describeScreenTexts('on-sales screen', {
  he: { ...flatTexts(he.backOffice.onSales), menu: boHe.backOffice.menu['on-sales'] },
  en: { ...flatTexts(en.backOffice.onSales), menu: boEn.backOffice.menu['on-sales'] },
  ru: { ...flatTexts(ru.backOffice.onSales), menu: boRu.backOffice.menu['on-sales'] },
  ar: { ...flatTexts(ar.backOffice.onSales), menu: boAr.backOffice.menu['on-sales'] },
});
