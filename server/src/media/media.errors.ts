import { registerErrors } from '../common/app-error';

/** The media context's refusals, in the four languages. */
export const MediaErrors = registerErrors({
  MEDIA_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הקובץ לא נמצא.',
      en: 'The file was not found.',
      ru: 'Файл не найден.',
      ar: 'لم يتم العثور على الملف.',
    },
  },
});
