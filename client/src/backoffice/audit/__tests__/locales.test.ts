import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import boAr from '../../locales/ar.json';
import boEn from '../../locales/en.json';
import boHe from '../../locales/he.json';
import boRu from '../../locales/ru.json';

describeScreenTexts('audit log screen', {
  he: { ...flatTexts(he.backOffice.audit), menu: boHe.backOffice.menu.audit },
  en: { ...flatTexts(en.backOffice.audit), menu: boEn.backOffice.menu.audit },
  ru: { ...flatTexts(ru.backOffice.audit), menu: boRu.backOffice.menu.audit },
  ar: { ...flatTexts(ar.backOffice.audit), menu: boAr.backOffice.menu.audit },
});
