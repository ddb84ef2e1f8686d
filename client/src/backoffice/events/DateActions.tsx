import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCancellationProgress, AdminPresentation } from '@hotline/shared';
import { InlineConfirm } from '../admin-ui/InlineConfirm';
import { DateEditorForm } from './DateEditorForm';
import { Field, K } from './event-ui';

/** The API's limit for a cancellation's reason (plain text: no < or >). */
const REASON_MAX = 500;
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * "Change date and time" for one date (draft or published): a new Jerusalem date and time, prefilled with its own.
 * The date input takes the focus when it opens. `onSave` answers whether the server took it (its refusal is shown
 * by the panel, and the form stays open to try another time); `onClose` closes it without a change.
 */
export function MoveDateForm({
  presentation,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onSave: (date: string, time: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState(presentation.localDate);
  const [time, setTime] = useState(presentation.localTime);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dateRef = useRef<HTMLInputElement>(null);
  const id = (field: string) => `bo-move-${presentation.id}-${field}`;

  useEffect(() => dateRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!DATE_KEY.test(date)) found[id('date')] = t(`${K}.required`);
    if (!TIME_OF_DAY.test(time)) found[id('time')] = t(`${K}.required`);
    // Moving a date to its own time would send every buyer a "new" time that is the old one.
    if (!Object.keys(found).length && date === presentation.localDate && time === presentation.localTime)
      found[id('time')] = t(`${K}.unchanged`);
    setErrors(found);
    const first = [id('date'), id('time')].find((f) => found[f]);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    await onSave(date, time);
  };

  return (
    <DateEditorForm
      name="bo-move"
      presentationId={presentation.id}
      title={t(`${K}.moveTitle`, { date: when })}
      hint={t(`${K}.moveHint`)}
      saveLabel={t(`${K}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Field id={id('date')} label={t(`${K}.newDate`)} error={errors[id('date')]}>
        {(aria) => (
          <input
            id={id('date')}
            ref={dateRef}
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.target.value)}
            {...aria}
          />
        )}
      </Field>
      <Field id={id('time')} label={t(`${K}.newTime`)} hint={t(`${K}.timeHint`)} error={errors[id('time')]}>
        {(aria) => (
          <input
            id={id('time')}
            type="time"
            required
            value={time}
            onChange={(e) => setTime(e.target.value)}
            {...aria}
          />
        )}
      </Field>
    </DateEditorForm>
  );
}

/**
 * "Cancel this date": says in plain words what happens (off sale now; every order cancelled, refunded in full and
 * its buyer told), takes an optional reason for the team and asks again. It takes the focus when it opens (its
 * title and explanation are read), and its safe choice is "Keep it". `onConfirm` answers whether the server took it.
 */
export function CancelDateConfirm({
  presentation,
  when,
  busy,
  onConfirm,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = (field: string) => `bo-cancel-${presentation.id}-${field}`;

  const confirm = async () => {
    if (/[<>]/.test(reason)) {
      setError(t(`${K}.reasonInvalid`));
      document.getElementById(id('reason'))?.focus();
      return;
    }
    setError(undefined);
    await onConfirm(reason.trim());
  };

  return (
    <InlineConfirm
      id={`bo-cancel-${presentation.id}`}
      classPrefix="bo-event"
      title={t(`${K}.cancelTitle`, { date: when })}
      explain={t(`${K}.cancelExplain`)}
      confirmLabel={t(`${K}.confirmCancel`)}
      keepLabel={t(`${K}.keep`)}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Field id={id('reason')} label={t(`${K}.reason`)} hint={t(`${K}.reasonHint`)} error={error}>
        {(aria) => (
          <textarea
            id={id('reason')}
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            {...aria}
          />
        )}
      </Field>
    </InlineConfirm>
  );
}

/** Whether a cancelled date's job still has orders to cancel or refunds to settle (the panel polls while it has). */
export const cancellationRunning = (p: AdminPresentation) =>
  p.status === 'cancelled' && p.cancellation !== null && p.cancellation.finishedAt === null;

/**
 * A cancelled date's progress in one line: "Refunded X of Y orders", the refunds the card company has not answered
 * yet, and "Done" once the job is finished. One polite live region per date, so a screen reader hears each change
 * once (the line is only rewritten when it changes).
 */
export function CancellationProgress({
  progress,
  number,
}: {
  progress: AdminCancellationProgress;
  number: (n: number) => string;
}) {
  const { t } = useTranslation();
  const parts = [
    t(`${K}.refunded`, {
      count: progress.ordersTotal,
      done: number(progress.ordersTotal - progress.ordersLeft),
      total: number(progress.ordersTotal),
    }),
  ];
  if (progress.refundsOpen > 0)
    parts.push(t(`${K}.refundsWaiting`, { count: progress.refundsOpen, refunds: number(progress.refundsOpen) }));
  if (progress.finishedAt) parts.push(t(`${K}.finished`));
  return (
    <p className="bo-event-progress" role="status">
      {parts.join(' · ')}
    </p>
  );
}
