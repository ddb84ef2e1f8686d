import { z } from 'zod';
import { cleanAddress } from '../rules/customers/clean-address';
import { israeliIdIsValid } from '../rules/customers/israeli-id';
import { isValidIsraeliMobile } from '../rules/customers/israeli-mobile';
import { MOBILES_DO_NOT_MATCH_MESSAGE, mobilesMatch } from '../rules/customers/mobiles-match';
import { normaliseMobile } from '../rules/customers/normalise-mobile';
import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from '../rules/locale/supported-locale';

/**
 * The customer-details form, one schema for the storefront (react-hook-form's
 * zod resolver) and the server (the commit validates customerInfo with it), so
 * both refuse and normalise exactly the same things.
 *
 * Which fields exist is per deployment (memberships-backoffice-spec.md section 5:
 * "each customer-info field has configurable isRequired and isIncluded flags").
 * Defaults for orders: first name, last name, e-mail and mobile required and
 * shown; address, city, postal code, date of birth and branch hidden; SSN hidden
 * (it is required by default only for memberships, vouchers and donations).
 */
export const CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'ssn',
  'email',
  'mobileNumber',
  'address1',
  'address2',
  'city',
  'postalCode',
  'dateOfBirth',
  'location',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export interface CustomerFieldFlags {
  isRequired: boolean;
  isIncluded: boolean;
}

export interface CustomerFormConfig {
  fields: Record<CustomerField, CustomerFieldFlags>;
  /** The visitor must tick "I accept the terms" (storefront and memberships spec: terms acceptance is configurable). */
  termsRequired: boolean;
  /** Whether the mailing-consent box starts ticked. */
  mailingConsentDefault: boolean;
}

const shown = (isRequired: boolean): CustomerFieldFlags => ({ isRequired, isIncluded: true });
const hidden: CustomerFieldFlags = { isRequired: false, isIncluded: false };

export const DEFAULT_CUSTOMER_FORM: CustomerFormConfig = {
  fields: {
    firstName: shown(true),
    lastName: shown(true),
    ssn: hidden,
    email: shown(true),
    mobileNumber: shown(true),
    address1: hidden,
    address2: hidden,
    city: hidden,
    postalCode: hidden,
    dateOfBirth: hidden,
    location: hidden,
  },
  termsRequired: true,
  mailingConsentDefault: false,
};

export interface CustomerFormOverrides {
  fields?: Partial<Record<CustomerField, Partial<CustomerFieldFlags>>>;
  termsRequired?: boolean;
  mailingConsentDefault?: boolean;
}

/** Deployment overrides on top of the defaults. A required field is always shown: hiding it would make the form unsendable. */
export function resolveCustomerFormConfig(overrides: CustomerFormOverrides = {}): CustomerFormConfig {
  const fields = { ...DEFAULT_CUSTOMER_FORM.fields };
  for (const field of CUSTOMER_FIELDS) {
    const o = overrides.fields?.[field];
    if (!o) continue;
    const isRequired = o.isRequired ?? fields[field].isRequired;
    fields[field] = { isRequired, isIncluded: isRequired || (o.isIncluded ?? fields[field].isIncluded) };
  }
  return {
    fields,
    termsRequired: overrides.termsRequired ?? DEFAULT_CUSTOMER_FORM.termsRequired,
    mailingConsentDefault: overrides.mailingConsentDefault ?? DEFAULT_CUSTOMER_FORM.mailingConsentDefault,
  };
}

/** What the form sends (storefront and memberships spec field names). Anything may be missing or mistyped. */
export interface CustomerDetailsInput {
  firstName?: string | null;
  lastName?: string | null;
  ssn?: string | null;
  email?: string | null;
  mobileNumber?: string | null;
  verifyMobileNumber?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  postalCode?: string | null;
  dateOfBirth?: string | null;
  location?: string | number | null;
  isMailingAllowed?: boolean | null;
  termsAccepted?: boolean | null;
}

/** The validated, normalised details: only the deployment's fields, trimmed; mobile in 05XXXXXXXX form; '#' out of addresses. */
export interface CustomerDetails {
  firstName?: string;
  lastName?: string;
  ssn?: string;
  email?: string;
  mobileNumber?: string;
  address1?: string;
  address2?: string;
  city?: string;
  postalCode?: string;
  dateOfBirth?: string;
  location?: string;
  isMailingAllowed: boolean;
  termsAccepted: boolean;
}

export interface CustomerFormMessages {
  /** storefront-spec.md section 5 form messages; English is the spec's text verbatim. */
  required: string;
  alpha: string;
  email: string;
  min: string;
  max: string;
  numeric: string;
  mobilesDoNotMatch: string;
  invalidMobile: string;
  invalidId: string;
  invalidDate: string;
  terms: string;
  /** Shown above the form when anything is wrong (memberships spec section 5). */
  form: string;
}

export const CUSTOMER_FORM_MESSAGES: Record<SupportedLocale, CustomerFormMessages> = {
  en: {
    required: 'the field {field} is required!',
    alpha: 'must contain letters only!',
    email: 'must be an email address!',
    min: 'must be at least {length}',
    max: 'must be at most {length}',
    numeric: 'must be digits only!',
    mobilesDoNotMatch: MOBILES_DO_NOT_MATCH_MESSAGE,
    invalidMobile: 'must be a valid mobile number',
    invalidId: 'the ID number is not valid',
    invalidDate: 'must be a valid date',
    terms: 'you must accept the terms and conditions',
    form: 'Please make sure all fields have been entered correctly',
  },
  he: {
    required: 'השדה {field} הוא שדה חובה!',
    alpha: 'יש להזין אותיות בלבד!',
    email: 'יש להזין כתובת דוא"ל תקינה!',
    min: 'יש להזין לפחות {length} תווים',
    max: 'יש להזין לכל היותר {length} תווים',
    numeric: 'יש להזין ספרות בלבד!',
    mobilesDoNotMatch: 'מספרי הטלפון הנייד אינם תואמים',
    invalidMobile: 'יש להזין מספר טלפון נייד תקין',
    invalidId: 'מספר תעודת הזהות אינו תקין',
    invalidDate: 'יש להזין תאריך תקין',
    terms: 'יש לאשר את תנאי השימוש',
    form: 'אנא ודאו שכל השדות מולאו כראוי',
  },
  ru: {
    required: 'поле {field} обязательно!',
    alpha: 'должно содержать только буквы!',
    email: 'должно быть адресом электронной почты!',
    min: 'должно быть не короче {length}',
    max: 'должно быть не длиннее {length}',
    numeric: 'должно содержать только цифры!',
    mobilesDoNotMatch: 'номера мобильных телефонов не совпадают',
    invalidMobile: 'введите правильный номер мобильного телефона',
    invalidId: 'номер удостоверения личности недействителен',
    invalidDate: 'введите правильную дату',
    terms: 'необходимо принять условия',
    form: 'Пожалуйста, проверьте, что все поля заполнены правильно',
  },
  ar: {
    required: 'الحقل {field} مطلوب!',
    alpha: 'يجب أن يحتوي على أحرف فقط!',
    email: 'يجب أن يكون عنوان بريد إلكتروني!',
    min: 'يجب ألا يقل عن {length}',
    max: 'يجب ألا يزيد عن {length}',
    numeric: 'يجب أن يحتوي على أرقام فقط!',
    mobilesDoNotMatch: 'رقما الهاتف المحمول غير متطابقين',
    invalidMobile: 'يجب إدخال رقم هاتف محمول صحيح',
    invalidId: 'رقم الهوية غير صالح',
    invalidDate: 'يجب إدخال تاريخ صحيح',
    terms: 'يجب الموافقة على الشروط',
    form: 'يرجى التأكد من إدخال جميع الحقول بشكل صحيح',
  },
};

type LabelledField = CustomerField | 'verifyMobileNumber';

const LABELS: Record<SupportedLocale, Record<LabelledField, string>> = {
  he: {
    firstName: 'שם פרטי',
    lastName: 'שם משפחה',
    ssn: 'תעודת זהות',
    email: 'דוא"ל',
    mobileNumber: 'טלפון נייד',
    verifyMobileNumber: 'אימות טלפון נייד',
    address1: 'כתובת',
    address2: 'המשך כתובת',
    city: 'עיר',
    postalCode: 'מיקוד',
    dateOfBirth: 'תאריך לידה',
    location: 'סניף',
  },
  en: {
    firstName: 'first name',
    lastName: 'last name',
    ssn: 'ID number',
    email: 'email',
    mobileNumber: 'mobile number',
    verifyMobileNumber: 'verify mobile number',
    address1: 'address',
    address2: 'address line 2',
    city: 'city',
    postalCode: 'postal code',
    dateOfBirth: 'date of birth',
    location: 'branch',
  },
  ru: {
    firstName: 'имя',
    lastName: 'фамилия',
    ssn: 'номер удостоверения личности',
    email: 'эл. почта',
    mobileNumber: 'мобильный телефон',
    verifyMobileNumber: 'подтверждение мобильного телефона',
    address1: 'адрес',
    address2: 'адрес (продолжение)',
    city: 'город',
    postalCode: 'почтовый индекс',
    dateOfBirth: 'дата рождения',
    location: 'филиал',
  },
  ar: {
    firstName: 'الاسم الشخصي',
    lastName: 'اسم العائلة',
    ssn: 'رقم الهوية',
    email: 'البريد الإلكتروني',
    mobileNumber: 'الهاتف المحمول',
    verifyMobileNumber: 'تأكيد الهاتف المحمول',
    address1: 'العنوان',
    address2: 'تتمة العنوان',
    city: 'المدينة',
    postalCode: 'الرمز البريدي',
    dateOfBirth: 'تاريخ الميلاد',
    location: 'الفرع',
  },
};

export function customerFieldLabel(field: LabelledField, locale: SupportedLocale = DEFAULT_LOCALE): string {
  return LABELS[locale][field];
}

// Letters of any script (Hebrew, Arabic, Cyrillic, Latin) with the marks, spaces,
// hyphens and apostrophes (incl. Hebrew geresh/gershayim) real names contain.
const LETTERS = /^[\p{L}\p{M}](?:[\p{L}\p{M}' \-.\u05F3\u05F4\u2019]*[\p{L}\p{M}.])?$/u;
const DIGITS = /^\d+$/;
// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is the mail server's to judge.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Issue {
  path: LabelledField | 'termsAccepted';
  message: string;
}

function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function isRealPastDate(text: string, today: Date): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3]))
    return false;
  const age = (today.getTime() - d.getTime()) / (365.25 * 86_400_000);
  return age >= 0 && age <= 120;
}

/** Validates and normalises; pure, so the client can show the same messages as the server without a round trip. */
export function checkCustomerDetails(
  input: unknown,
  config: CustomerFormConfig = DEFAULT_CUSTOMER_FORM,
  locale: SupportedLocale = DEFAULT_LOCALE,
  today: Date = new Date(),
): { issues: Issue[]; value: CustomerDetails } {
  const m = CUSTOMER_FORM_MESSAGES[locale];
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const issues: Issue[] = [];
  const value: CustomerDetails = { isMailingAllowed: config.mailingConsentDefault, termsAccepted: false };
  const fail = (path: Issue['path'], message: string) => issues.push({ path, message });
  const lengthWithin = (field: LabelledField, text: string, min: number, max: number): boolean => {
    if (text.length < min) {
      fail(field, m.min.replace('{length}', String(min)));
      return false;
    }
    if (text.length > max) {
      fail(field, m.max.replace('{length}', String(max)));
      return false;
    }
    return true;
  };

  for (const field of CUSTOMER_FIELDS) {
    const flags = config.fields[field];
    // A hidden field is not part of this deployment's form: whatever was sent is dropped, not judged.
    if (!flags.isIncluded) continue;
    const text = textOf(raw[field]);
    if (text === undefined) {
      if (flags.isRequired) fail(field, m.required.replace('{field}', LABELS[locale][field]));
      continue;
    }
    switch (field) {
      case 'firstName':
      case 'lastName':
      case 'city':
        if (!lengthWithin(field, text, field === 'city' ? 2 : 1, 50)) break;
        if (!LETTERS.test(text)) {
          fail(field, m.alpha);
          break;
        }
        value[field] = text.replace(/\s+/g, ' ');
        break;
      case 'email':
        // Shape first: "must be an email address" helps more than a length for 'x'.
        if (!EMAIL.test(text)) {
          fail(field, m.email);
          break;
        }
        if (!lengthWithin(field, text, 3, 254)) break;
        value.email = text;
        break;
      case 'mobileNumber': {
        const mobile = normaliseMobile(text);
        if (!isValidIsraeliMobile(mobile)) {
          fail(field, m.invalidMobile);
          break;
        }
        value.mobileNumber = mobile;
        break;
      }
      case 'ssn':
        if (!DIGITS.test(text)) {
          fail(field, m.numeric);
          break;
        }
        if (!lengthWithin(field, text, 1, 9)) break;
        if (!israeliIdIsValid(text)) {
          fail(field, m.invalidId);
          break;
        }
        value.ssn = text.padStart(9, '0');
        break;
      case 'address1':
      case 'address2': {
        const cleaned = cleanAddress(text);
        if (cleaned === '') {
          if (flags.isRequired) fail(field, m.required.replace('{field}', LABELS[locale][field]));
          break;
        }
        if (!lengthWithin(field, cleaned, 2, 100)) break;
        value[field] = cleaned;
        break;
      }
      case 'postalCode':
        if (!DIGITS.test(text)) {
          fail(field, m.numeric);
          break;
        }
        if (!lengthWithin(field, text, 5, 7)) break;
        value.postalCode = text;
        break;
      case 'dateOfBirth':
        if (!isRealPastDate(text, today)) {
          fail(field, m.invalidDate);
          break;
        }
        value.dateOfBirth = text;
        break;
      case 'location':
        if (!lengthWithin(field, text, 1, 50)) break;
        value.location = text;
        break;
    }
  }

  // Verify-mobile belongs to the mobile field: shown with it, and must name the same number however typed.
  if (config.fields.mobileNumber.isIncluded) {
    const mobile = textOf(raw.mobileNumber);
    const verify = textOf(raw.verifyMobileNumber);
    if (verify === undefined) {
      if (mobile !== undefined)
        fail('verifyMobileNumber', m.required.replace('{field}', LABELS[locale].verifyMobileNumber));
    } else if (mobile !== undefined && !mobilesMatch(mobile, verify)) {
      fail('verifyMobileNumber', m.mobilesDoNotMatch);
    }
  }

  if (typeof raw.isMailingAllowed === 'boolean') value.isMailingAllowed = raw.isMailingAllowed;
  value.termsAccepted = raw.termsAccepted === true;
  if (config.termsRequired && !value.termsAccepted) fail('termsAccepted', m.terms);
  return { issues, value };
}

/**
 * The zod schema: `customerDetailsSchema(config, locale).safeParse(input)`.
 * Issues carry the field as their path and the message in `locale`.
 */
export function customerDetailsSchema(
  config: CustomerFormConfig = DEFAULT_CUSTOMER_FORM,
  locale: string = DEFAULT_LOCALE,
): z.ZodType<CustomerDetails, CustomerDetailsInput> {
  const lang: SupportedLocale = isSupportedLocale(locale) ? locale : DEFAULT_LOCALE;
  return z.unknown().transform((input, ctx) => {
    if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
      ctx.addIssue({ code: 'custom', message: CUSTOMER_FORM_MESSAGES[lang].form });
      return z.NEVER;
    }
    const { issues, value } = checkCustomerDetails(input, config, lang);
    for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path] });
    return issues.length ? z.NEVER : value;
  }) as unknown as z.ZodType<CustomerDetails, CustomerDetailsInput>;
}
