/**
 * The limits of an on-sale's settings, one source for the admin API's body check (server) and the
 * back office's form (client), so the form refuses exactly what the server would.
 */
export const ON_SALE_LIMITS = {
  maxActive: { min: 1, max: 1_000_000 },
  admitPerMinute: { min: 1, max: 1_000_000 },
  shoppingMinutes: { min: 1, max: 240 },
} as const;

export type OnSaleNumberField = keyof typeof ON_SALE_LIMITS;

/** The form's raw input (strings, as typed): the sale start as Jerusalem wall-clock date and time. */
export interface OnSaleSettingsInput {
  saleDate: string;
  saleTime: string;
  maxActive: string;
  admitPerMinute: string;
  shoppingMinutes: string;
}

export type OnSaleSettingsProblem =
  | { field: 'saleDate' | 'saleTime'; problem: 'required' | 'invalid' }
  | { field: OnSaleNumberField; problem: 'required' | 'notWhole' | 'range'; min: number; max: number };

/**
 * Checks the form's values the way the server's body schema does: a valid date and time, and whole numbers
 * within ON_SALE_LIMITS. Answers every problem (empty when the settings may be sent).
 */
export function onSaleSettingsProblems(input: OnSaleSettingsInput): OnSaleSettingsProblem[] {
  const problems: OnSaleSettingsProblem[] = [];
  const date = input.saleDate.trim();
  const time = input.saleTime.trim();
  if (!date) problems.push({ field: 'saleDate', problem: 'required' });
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    problems.push({ field: 'saleDate', problem: 'invalid' });
  if (!time) problems.push({ field: 'saleTime', problem: 'required' });
  else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) problems.push({ field: 'saleTime', problem: 'invalid' });
  for (const field of Object.keys(ON_SALE_LIMITS) as OnSaleNumberField[]) {
    const { min, max } = ON_SALE_LIMITS[field];
    const raw = input[field].trim();
    if (!raw) problems.push({ field, problem: 'required', min, max });
    else if (!/^-?\d+$/.test(raw)) problems.push({ field, problem: 'notWhole', min, max });
    else if (Number(raw) < min || Number(raw) > max) problems.push({ field, problem: 'range', min, max });
  }
  return problems;
}
