import { BACK_OFFICE_PERMISSION } from '@hotline/shared';
import { describeScreenTexts, flatTexts } from '../../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import boAr from '../../locales/ar.json';
import boEn from '../../locales/en.json';
import boHe from '../../locales/he.json';
import boRu from '../../locales/ru.json';

describeScreenTexts('staff screen', {
  he: { ...flatTexts(he.backOffice.staff), menu: boHe.backOffice.menu.staff },
  en: { ...flatTexts(en.backOffice.staff), menu: boEn.backOffice.menu.staff },
  ru: { ...flatTexts(ru.backOffice.staff), menu: boRu.backOffice.menu.staff },
  ar: { ...flatTexts(ar.backOffice.staff), menu: boAr.backOffice.menu.staff },
});

describe('staff screen permission names', () => {
  test('every back-office permission has its name in every language', () => {
    for (const [lang, texts] of Object.entries({ he, en, ru, ar }))
      for (const permission of Object.values(BACK_OFFICE_PERMISSION))
        expect([lang, permission, typeof flatTexts(texts.backOffice.staff)[`permissionNames.${permission}`]]).toEqual([
          lang,
          permission,
          'string',
        ]);
  });
});
