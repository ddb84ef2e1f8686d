import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import boAr from '../../locales/ar.json';
import boEn from '../../locales/en.json';
import boHe from '../../locales/he.json';
import boRu from '../../locales/ru.json';

describeScreenTexts('events screen', {
  he: { ...flatTexts(he.backOffice.events), menu: boHe.backOffice.menu.events },
  en: { ...flatTexts(en.backOffice.events), menu: boEn.backOffice.menu.events },
  ru: { ...flatTexts(ru.backOffice.events), menu: boRu.backOffice.menu.events },
  ar: { ...flatTexts(ar.backOffice.events), menu: boAr.backOffice.menu.events },
});
