import { describeScreenTexts } from '../../i18n/__tests__/screen-texts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';

describeScreenTexts('waiting-room', { he: he.queue, en: en.queue, ru: ru.queue, ar: ar.queue });
