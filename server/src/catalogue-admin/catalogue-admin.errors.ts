import { AppError, registerErrors } from '../common/app-error';
import type { SeatPlanProblem } from '@hotline/shared';

/** Catalogue administration's refusals, in the four languages. */
export const CatalogueAdminErrors = registerErrors({
  VENUE_NOT_FOUND: {
    status: 404,
    message: {
      he: 'האולם לא נמצא.',
      en: 'The venue was not found.',
      ru: 'Зал не найден.',
      ar: 'لم يتم العثور على القاعة.',
    },
  },
  VENUE_CODE_TAKEN: {
    status: 409,
    message: {
      he: 'הקוד {code} כבר בשימוש. בחרו קוד אחר.',
      en: 'The code {code} is already in use. Choose another.',
      ru: 'Код {code} уже используется. Выберите другой.',
      ar: 'الرمز {code} مستخدم بالفعل. اختاروا رمزًا آخر.',
    },
  },
  SEAT_PLAN_NOT_FOUND: {
    status: 404,
    message: {
      he: 'מפת המושבים לא נמצאה.',
      en: 'The seat plan was not found.',
      ru: 'Схема зала не найдена.',
      ar: 'لم يتم العثور على مخطط المقاعد.',
    },
  },
  SEAT_PLAN_INVALID: {
    status: 422,
    message: {
      he: 'נמצאו בעיות במפת המושבים: {count}. הראשונה: {first}',
      en: 'Problems found in the seat plan: {count}. The first: {first}',
      ru: 'В схеме зала найдены проблемы: {count}. Первая: {first}',
      ar: 'وُجدت مشكلات في مخطط المقاعد: {count}. الأولى: {first}',
    },
  },
  SEAT_PLAN_TOO_LARGE: {
    status: 413,
    message: {
      he: 'מפת מושבים יכולה להכיל עד {max} מושבים; בזו יש {count}.',
      en: 'A seat plan may have at most {max} seats; this one has {count}.',
      ru: 'В схеме может быть не больше {max} мест; в этой {count}.',
      ar: 'يمكن أن يضم مخطط المقاعد {max} مقعدًا على الأكثر؛ في هذا المخطط {count}.',
    },
  },
  SEAT_PLAN_PUBLISHED: {
    status: 409,
    message: {
      he: 'גרסה זו פורסמה ולא ניתן עוד לשנותה. העלו גרסה חדשה.',
      en: 'This version is published and can no longer change. Upload a new version.',
      ru: 'Эта версия опубликована и больше не меняется. Загрузите новую версию.',
      ar: 'تم نشر هذا الإصدار ولم يعد من الممكن تغييره. ارفعوا إصدارًا جديدًا.',
    },
  },
  STALE_REVISION: {
    status: 409,
    message: {
      he: 'מישהו שינה את הנתונים בינתיים. אלה הנתונים העדכניים; החילו את השינוי שוב.',
      en: 'Someone changed this meanwhile. Here is the current state; apply your change again.',
      ru: 'Кто-то уже изменил эти данные. Вот текущее состояние; внесите изменение ещё раз.',
      ar: 'غيّر شخص ما هذه البيانات في الأثناء. هذه هي الحالة الحالية؛ طبّقوا تغييركم مرة أخرى.',
    },
  },
  UPLOAD_TYPE_NOT_ALLOWED: {
    status: 415,
    message: {
      he: 'סוג התוכן הזה מתקבל רק בהעלאת מפת מושבים.',
      en: 'This content type is accepted only for a seat-plan upload.',
      ru: 'Этот тип содержимого принимается только при загрузке схемы зала.',
      ar: 'يُقبل نوع المحتوى هذا فقط عند رفع مخطط مقاعد.',
    },
  },
});

/** SEAT_PLAN_INVALID with every problem found (at most 50), each at its JSON pointer in the uploaded file. */
export class SeatPlanInvalidError extends AppError {
  constructor(readonly problems: SeatPlanProblem[]) {
    super('SEAT_PLAN_INVALID', {
      count: problems.length,
      first: problems[0] ? `${problems[0].path}: ${problems[0].message}` : '',
    });
  }

  override extraBody(): Record<string, unknown> {
    return { problems: this.problems };
  }
}

/** STALE_REVISION with the current state, so the screen can show it and the person apply the change again. */
export class StaleRevisionError extends AppError {
  constructor(readonly current: unknown) {
    super('STALE_REVISION');
  }

  override extraBody(): Record<string, unknown> {
    return { current: this.current };
  }
}
