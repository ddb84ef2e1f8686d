import { AppError, registerErrors } from './app-error';

/** The refusal of an edit made against an older revision (optimistic concurrency: every admin editor answers it). */
registerErrors({
  STALE_REVISION: {
    status: 409,
    message: {
      he: 'מישהו שינה את הנתונים בינתיים. אלה הנתונים העדכניים; החילו את השינוי שוב.',
      en: 'Someone changed this meanwhile. Here is the current state; apply your change again.',
      ru: 'Кто-то уже изменил эти данные. Вот текущее состояние; внесите изменение ещё раз.',
      ar: 'غيّر شخص ما هذه البيانات في الأثناء. هذه هي الحالة الحالية؛ طبّقوا تغييركم مرة أخرى.',
    },
  },
});

/** STALE_REVISION with the current state, so the screen can show it and the person apply the change again. */
export class StaleRevisionError extends AppError {
  constructor(readonly current: unknown) {
    super('STALE_REVISION');
  }

  override extraBody(): Record<string, unknown> {
    return { current: this.current };
  }
}
