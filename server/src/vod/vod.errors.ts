import { registerErrors } from '../common/app-error';

/** Video-on-demand codes. Texts in every language; never a hint of whose order exists. */
export const VodErrors = registerErrors({
  VOD_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הווידאו לא נמצא.',
      en: 'This video was not found.',
      ru: 'Видео не найдено.',
      ar: 'لم يتم العثور على هذا الفيديو.',
    },
  },
  VOD_NOT_OWNED: {
    status: 403,
    message: {
      he: 'לא מצאנו רכישה של הווידאו הזה עם הפרטים שהוזנו. בדקו את מספר ההזמנה ואת הפרטים, או התחברו לאזור האישי.',
      en: 'We could not find a purchase of this video with these details. Check the order number and your details, or log in to your account.',
      ru: 'Мы не нашли покупку этого видео с этими данными. Проверьте номер заказа и данные или войдите в личный кабинет.',
      ar: 'لم نعثر على شراء لهذا الفيديو بهذه التفاصيل. تحقق من رقم الطلب وبياناتك، أو سجّل الدخول إلى حسابك.',
    },
  },
  VOD_LINK_EXPIRED: {
    status: 403,
    message: {
      he: 'קישור הצפייה פג תוקף. פתחו את הווידאו מחדש.',
      en: 'This viewing link has expired. Open the video again.',
      ru: 'Срок действия ссылки для просмотра истёк. Откройте видео снова.',
      ar: 'انتهت صلاحية رابط المشاهدة. افتح الفيديو من جديد.',
    },
  },
  VOD_WINDOW_ENDED: {
    status: 403,
    message: {
      he: 'חלון הצפייה במופע המקוון הזה הסתיים.',
      en: 'The viewing window for this online show has ended.',
      ru: 'Период просмотра этого онлайн-показа закончился.',
      ar: 'انتهت فترة المشاهدة لهذا العرض عبر الإنترنت.',
    },
  },
});
